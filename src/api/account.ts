import { ApiError } from './api-error';
import { api, apiBaseUrl } from './client';
import { NetworkError } from './errors';
import { reportRefusal } from './refusal';
import { getToken } from './token';
import type { Message, SubscriptionType, UserPublic } from './types';

/** The account extras of the API (e-mail confirmation, plan, profile photo, asset). */

type Result<T> = { data?: T; error?: unknown; response: Response };

async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error);
  return data as T;
}

/** An API error that also carries the Retry-After header (seconds) of a 429. */
export class RetryAfterError extends ApiError {
  readonly retryAfter: number | null;

  constructor(status: number, body: unknown, retryAfter: string | null) {
    super(status, body);
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    this.retryAfter = Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  }
}

/** `signal` (each call's): the caller gave up (its time limit): the request is cancelled. */
export function checkConfirmEmail(code: string, signal?: AbortSignal): Promise<UserPublic> {
  return unwrap(api().PATCH('/users/me/check_confirm_email', { body: { confirm_code: code }, signal }));
}

export async function resendConfirmEmail(signal?: AbortSignal): Promise<Message> {
  const { data, error, response } = await api().PATCH('/users/me/resend_confirm_email', { signal });
  if (!response.ok) throw new RetryAfterError(response.status, error, response.headers.get('Retry-After'));
  return data as Message;
}

export function updateSubscriptionType(plan: SubscriptionType, signal?: AbortSignal): Promise<UserPublic> {
  return unwrap(
    api().PATCH('/users/me/subscription_type', { params: { query: { subscription_type: plan } }, signal }),
  );
}

export function deleteProfilePhoto(signal?: AbortSignal): Promise<UserPublic> {
  return unwrap(api().DELETE('/users/me/profile_photo', { signal }));
}

export function deleteAsset(signal?: AbortSignal): Promise<UserPublic> {
  return unwrap(api().DELETE('/users/me/asset', { signal }));
}

export type UploadPath = '/users/me/profile_photo' | '/users/me/asset';

export interface UploadHandlers {
  onProgress: (loaded: number, total: number) => void;
  onDone: (user: UserPublic) => void;
  onError: (error: unknown) => void;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * PATCHes a file as multipart field `file` with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Carries the bearer token like the openapi-fetch client; a refused token ends the session.
 * Returns a function that aborts the upload.
 */
export function uploadFile(path: UploadPath, file: File, handlers: UploadHandlers): () => void {
  const request = new XMLHttpRequest();
  let settled = false;
  const settle = (report: () => void) => {
    if (settled) return;
    settled = true;
    report();
  };
  request.open('PATCH', `${apiBaseUrl()}${path}`);
  const token = getToken();
  if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
  request.setRequestHeader('Accept', 'application/json');
  request.upload.onprogress = (event) => {
    if (!settled) handlers.onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
  };
  request.onload = () => {
    const body = parseBody(request.responseText);
    if (request.status >= 200 && request.status < 300) {
      settle(() => handlers.onDone(body as UserPublic));
      return;
    }
    if (token) reportRefusal(request.status, (body as { detail?: unknown } | null)?.detail, path);
    settle(() => handlers.onError(new ApiError(request.status, body)));
  };
  request.onerror = () => settle(() => handlers.onError(new NetworkError('Failed to fetch')));
  request.ontimeout = () => settle(() => handlers.onError(new NetworkError('Failed to fetch')));
  const form = new FormData();
  form.append('file', file, file.name);
  request.send(form);
  return () => {
    settled = true;
    if (request.readyState !== XMLHttpRequest.DONE) request.abort();
  };
}
