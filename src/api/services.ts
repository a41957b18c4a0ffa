import { ApiError } from './api-error';
import { api, apiBaseUrl } from './client';
import { NetworkError } from './errors';
import { type PageRequest, pageToSkip } from './paging';
import type {
  ItemCreate,
  ItemPublic,
  ItemsPublic,
  ItemUpdate,
  LoginBody,
  LoginForm,
  Message,
  NewPassword,
  Token,
  UpdatePassword,
  UserCreate,
  UserCreateBody,
  UserPublic,
  UserRegister,
  UsersPublic,
  UserUpdate,
  UserUpdateMe,
} from './types';

type Result<T> = { data?: T; error?: unknown; response: Response };

async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  // fetch rejects only when no answer came (offline, connection cut): a NetworkError, told apart from a bug.
  const { data, error, response } = await call.catch((cause: unknown) => {
    throw new NetworkError(String(cause), { cause });
  });
  if (!response.ok) throw new ApiError(response.status, error);
  return data as T;
}

// Session
/** The spec's login body: form-encoded `username` and `password`, nothing else. */
export function loginAccessToken(body: LoginBody): Promise<Token> {
  return unwrap(
    api().POST('/login/access-token', {
      // Form-encoded by openapi-fetch: exactly the fields given (WithDefaults).
      body: body as LoginForm,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  );
}

export function readUserMe(): Promise<UserPublic> {
  return unwrap(api().GET('/users/me'));
}

// Public flows
/**
 * A create sent again reuses its Idempotency-Key (src/api/retry-keys.ts). Every write takes a `signal`:
 * a call given up on (its time limit passed) is cancelled, so a Save again never overlaps it.
 */
type Create = { key?: string; signal?: AbortSignal };
const create = ({ key, signal }: Create = {}) => ({
  params: { header: key === undefined ? {} : { 'Idempotency-Key': key } },
  signal,
});

export function registerUser(body: UserRegister, sent?: Create): Promise<UserPublic> {
  return unwrap(api().POST('/users/signup', { body, ...create(sent) }));
}

export function recoverPassword(email: string, signal?: AbortSignal): Promise<Message> {
  return unwrap(api().POST('/password-recovery/{email}', { params: { path: { email } }, signal }));
}

export function resetPassword(body: NewPassword, signal?: AbortSignal): Promise<Message> {
  return unwrap(api().POST('/reset-password/', { body, signal }));
}

// Own account
export function updateUserMe(body: UserUpdateMe, signal?: AbortSignal): Promise<UserPublic> {
  return unwrap(api().PATCH('/users/me', { body, signal }));
}

export function updatePasswordMe(body: UpdatePassword, signal?: AbortSignal): Promise<Message> {
  return unwrap(api().PATCH('/users/me/password', { body, signal }));
}

export function deleteUserMe(signal?: AbortSignal): Promise<Message> {
  return unwrap(api().DELETE('/users/me', { signal }));
}

// Items
export function readItems(request: PageRequest, signal?: AbortSignal): Promise<ItemsPublic> {
  return unwrap(api().GET('/items/', { params: { query: pageToSkip(request) }, signal }));
}

export function createItem(body: ItemCreate, sent?: Create): Promise<ItemPublic> {
  return unwrap(api().POST('/items/', { body, ...create(sent) }));
}

export function updateItem(id: string, body: ItemUpdate, signal?: AbortSignal): Promise<ItemPublic> {
  return unwrap(api().PUT('/items/{id}', { params: { path: { id } }, body, signal }));
}

export function deleteItem(id: string, signal?: AbortSignal): Promise<Message> {
  return unwrap(api().DELETE('/items/{id}', { params: { path: { id } }, signal }));
}

/**
 * POST /logout with `token` (no longer stored by then): the server revokes it. A plain fetch outside
 * the client's refusal reporting — its answer says nothing about the session that follows (a 403 for a
 * token already ended must not end a new sign-in) — and `keepalive`, so it survives leaving the page.
 */
export async function revokeToken(token: string): Promise<void> {
  await fetch(`${apiBaseUrl()}/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  });
}

/** "Log out everywhere": ends every session of the account, this one included. */
export function logoutEverywhere(signal?: AbortSignal): Promise<Message> {
  return unwrap(api().POST('/users/me/sessions/revoke', { signal }));
}

// Users (superuser)
export function readUsers(request: PageRequest, signal?: AbortSignal): Promise<UsersPublic> {
  return unwrap(api().GET('/users/', { params: { query: pageToSkip(request) }, signal }));
}

export function createUser(body: UserCreateBody, sent?: Create): Promise<UserPublic> {
  // The server defaults what the body leaves out (WithDefaults).
  return unwrap(api().POST('/users/', { body: body as UserCreate, ...create(sent) }));
}

export function updateUser(userId: string, body: UserUpdate, signal?: AbortSignal): Promise<UserPublic> {
  return unwrap(api().PATCH('/users/{user_id}', { params: { path: { user_id: userId } }, body, signal }));
}

export function deleteUser(userId: string, signal?: AbortSignal): Promise<Message> {
  return unwrap(api().DELETE('/users/{user_id}', { params: { path: { user_id: userId } }, signal }));
}

export function endUserSessions(userId: string, signal?: AbortSignal): Promise<Message> {
  return unwrap(
    api().POST('/users/{user_id}/sessions/revoke', { params: { path: { user_id: userId } }, signal }),
  );
}

export function unlockUser(userId: string, signal?: AbortSignal): Promise<Message> {
  return unwrap(api().POST('/users/{user_id}/unlock', { params: { path: { user_id: userId } }, signal }));
}
