/** Where the API lives under the server's origin: the document's `servers[0].url` (a test holds them equal). */
export const API_PREFIX = '/api/v1';
