import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { OperationHandlers } from '../http/types.ts';
import { requireUser } from './guard.ts';

type SessionOperations = 'logout' | 'endMySessions' | 'endUserSessions' | 'unlockUser';

const userNotFound = () => new HttpError(404, 'User not found');

/** Server-side logout: one token (revoked_tokens), or every session of a user (users.token_version). */
export function sessionHandlers(app: FastifyInstance): OperationHandlers<SessionOperations> {
  return {
    async logout(request) {
      const user = requireUser(request);
      if (request.sessionId === null || request.sessionExpiresAt === null) throw new Error('no session');
      await app.users.revokeToken(user.id, request.sessionId, new Date(request.sessionExpiresAt * 1000));
      return { message: 'Logged out' };
    },

    async endMySessions(request) {
      const user = requireUser(request);
      if (!(await app.users.endSessions(user.id))) throw userNotFound();
      return { message: 'All sessions ended' };
    },

    async endUserSessions(request) {
      if (!(await app.users.endSessions(request.params.user_id))) throw userNotFound();
      return { message: 'Sessions ended' };
    },

    async unlockUser(request) {
      const user = await app.users.byId(request.params.user_id);
      if (!user) throw userNotFound();
      await app.limiter.unlockLogin(user.email);
      return { message: 'Sign-in unlocked' };
    },
  };
}
