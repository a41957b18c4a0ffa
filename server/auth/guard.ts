import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import {
  HttpError,
  inactiveUser,
  invalidCredentials,
  notAuthenticated,
  notEnoughPrivileges,
} from '../http/errors.ts';
import { readAccessToken } from './security.ts';

/** Who may call an operation: declared per operation in openapi.json as `x-auth`. */
export type AuthLevel = 'none' | 'user' | 'superuser';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
    sessionId: string | null;
    /** The token's expiry (seconds since the epoch). */
    sessionExpiresAt: number | null;
  }
}

export function authLevelOf(request: FastifyRequest): AuthLevel {
  const schema = request.routeOptions.schema as { 'x-auth'?: AuthLevel } | undefined;
  return schema?.['x-auth'] ?? 'none';
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
  return token;
}

/**
 * Runs on every request before the body is parsed, in the order FastAPI's dependencies give:
 * 401 no token, 403 bad token, 404 user gone, 400 inactive, 403 not a superuser.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.addHook('onRequest', async (request) => {
    const level = authLevelOf(request);
    if (level === 'none') return;
    const token = bearerToken(request);
    if (!token) throw notAuthenticated();
    const claims = await readAccessToken(app.settings.secretKey, token);
    if (!claims) throw invalidCredentials();
    const session = await app.users.forSession(claims.sub, claims.sid);
    if (!session) throw new HttpError(404, 'User not found');
    const { user } = session;
    const current =
      claims.ver === user.tokenVersion || (user.keptSessionId !== null && claims.sid === user.keptSessionId);
    // A logged-out token (POST /logout) is refused like one of an ended session.
    if (!current || session.revoked) throw invalidCredentials();
    if (!user.isActive) throw inactiveUser();
    if (level === 'superuser' && !user.isSuperuser) throw notEnoughPrivileges();
    request.currentUser = user;
    request.sessionId = claims.sid;
    request.sessionExpiresAt = claims.exp;
  });
}

/** The signed-in user of a route whose `x-auth` is user or superuser. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw notAuthenticated();
  return request.currentUser;
}
