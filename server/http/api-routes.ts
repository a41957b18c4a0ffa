/** The API's paths from the OpenAPI document, for answering what Fastify's router cannot: 405 and 307. */
export interface ApiPathIndex {
  /** Methods the document defines for a concrete path (e.g. /api/v1/items/123), or null for none. */
  methodsOf(pathname: string): string[] | null;
}

export function apiPathIndex(document: Record<string, unknown>, prefix: string): ApiPathIndex {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  const patterns = Object.entries(paths).map(([template, operations]) => {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+');
    return {
      regex: new RegExp(`^${prefix}${source}$`),
      methods: Object.keys(operations).map((m) => m.toUpperCase()),
    };
  });
  return {
    methodsOf(pathname) {
      const match = patterns.find((p) => p.regex.test(pathname));
      return match ? match.methods : null;
    },
  };
}
