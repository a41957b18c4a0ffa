/** Standard reason phrases for HTTP error statuses 400–511; 422 is named as FastAPI names it. */
export const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a teapot",
  421: 'Misdirected Request',
  422: 'Validation Error',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

export const FALLBACK_MESSAGE = 'Something went wrong.';

/** An error answer of the API: status, its standard name and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const statusText = STATUS_NAMES[status] ?? 'Error';
    super(statusText);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function detailOf(error: unknown): unknown {
  if (!isApiError(error)) return undefined;
  const body = error.body;
  if (body && typeof body === 'object' && 'detail' in body) return (body as { detail: unknown }).detail;
  return undefined;
}

function firstMsg(detail: unknown[]): string | undefined {
  const first = detail[0];
  if (first && typeof first === 'object' && 'msg' in first && typeof first.msg === 'string') return first.msg;
  return undefined;
}

/** The call got no answer at all: offline, the connection cut, DNS (fetch rejected). */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The call was not answered within its time limit (CALL_TIME_LIMITS). */
export class CallTimeoutError extends Error {
  override name = 'CallTimeoutError';
}

/**
 * How long a call may go unanswered before the machine waiting for it gives up (its `after` edge):
 * reads are retried or tried again by the user, so they give up sooner than writes, which the server
 * may still be doing.
 */
export const CALL_TIME_LIMITS = { read: 10_000, write: 30_000 };

export const NETWORK_MESSAGE = 'The server could not be reached. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Try again.';

/** Whether trying the same call again may help: no answer, or the server's own failure (5xx). */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof CallTimeoutError ||
    (isApiError(error) && error.status >= 500)
  );
}

/** A failure that the API's detail does not explain: no answer, too late, or the server's 5xx. */
function transientMessage(error: unknown): string | undefined {
  if (error instanceof NetworkError) return NETWORK_MESSAGE;
  if (error instanceof CallTimeoutError) return TIMEOUT_MESSAGE;
  if (isApiError(error) && error.status >= 500)
    return `The server failed (${error.status} ${error.statusText}). Try again in a moment.`;
  return undefined;
}

/**
 * The message shown for a failed call: the detail text, or for a list (422) the first entry's msg; a
 * call without an answer, answered too late or failed by the server says so; else 'Something went wrong.'.
 */
export function errorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail.length > 0) return detail;
  if (Array.isArray(detail)) return firstMsg(detail) ?? FALLBACK_MESSAGE;
  return transientMessage(error) ?? FALLBACK_MESSAGE;
}

/** The login form shows the detail text inline; a list detail reads 'Something went wrong'. */
export function loginErrorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail.length > 0) return detail;
  return (!Array.isArray(detail) && transientMessage(error)) || 'Something went wrong';
}
