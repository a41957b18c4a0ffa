import type { FastifyInstance } from 'fastify';
import { HttpError, inactiveUser } from '../http/errors.ts';
import type { OperationHandlers } from '../http/types.ts';
import { resetPasswordEmail } from '../mail/templates.ts';
import { userPresenter } from '../users/public.ts';
import { rejectCommonPassword } from './common-passwords.ts';
import { requireUser } from './guard.ts';
import {
  createAccessToken,
  createResetToken,
  hashPassword,
  passwordFingerprint,
  readResetToken,
  verifyAgainstNothing,
  verifyPassword,
} from './security.ts';

type AuthOperations =
  | 'loginAccessToken'
  | 'testToken'
  | 'recoverPassword'
  | 'resetPassword'
  | 'recoverPasswordHtmlContent';

export function authHandlers(app: FastifyInstance): OperationHandlers<AuthOperations> {
  const { settings } = app;
  const present = userPresenter(app.settings.secretKey);
  const recoveryEmail = async (email: string, hashedPassword: string) => {
    const hours = settings.emailResetTokenExpireHours;
    const token = await createResetToken(settings.secretKey, email, hashedPassword, hours);
    return resetPasswordEmail(app.templateContext, email, token, hours);
  };

  return {
    async loginAccessToken(request) {
      const { username, password } = request.body;
      const account = username.toLowerCase();
      await app.limiter.consume('loginPerIp', request.ip);
      let user: Awaited<ReturnType<typeof app.users.byEmail>>;
      const valid = await app.limiter.checkLogin(account, request.ip, async () => {
        user = await app.users.byEmail(username);
        return user ? verifyPassword(password, user.hashedPassword) : verifyAgainstNothing(password);
      });
      if (!user || !valid) {
        // One line per refused check (never the name or password): for operators, and the lockout test.
        request.log.info({ event: 'login.refused' }, 'login refused: incorrect e-mail or password');
        throw new HttpError(400, 'Incorrect email or password');
      }
      if (!user.isActive) throw inactiveUser();
      const minutes = settings.accessTokenExpireMinutes;
      const accessToken = await createAccessToken(settings.secretKey, user.id, user.tokenVersion, minutes);
      return { access_token: accessToken, token_type: 'bearer' };
    },

    async testToken(request) {
      const user = requireUser(request);
      return present(user, user);
    },

    async recoverPassword(request) {
      await app.limiter.consume('recoveryPerIp', request.ip);
      await app.limiter.consume('recoveryPerAccount', request.params.email.toLowerCase());
      const user = await app.users.byEmail(request.params.email);
      if (user) {
        // Queued, not sent: the answer does not wait for SMTP, so its timing does not tell much either.
        await app.mailDelivery.queue(await recoveryEmail(user.email, user.hashedPassword));
      }
      return { message: 'If that email is registered, we sent a password recovery link' };
    },

    async resetPassword(request) {
      await app.limiter.consume('resetPerIp', request.ip);
      const { token, new_password: newPassword } = request.body;
      const claims = await readResetToken(settings.secretKey, token);
      if (!claims) throw new HttpError(400, 'Invalid token');
      const user = await app.users.byEmail(claims.email);
      if (!user || passwordFingerprint(user.hashedPassword) !== claims.pwf)
        throw new HttpError(400, 'Invalid token');
      if (!user.isActive) throw inactiveUser();
      rejectCommonPassword(newPassword);
      await app.users.setPassword(user.id, await hashPassword(newPassword), null);
      return { message: 'Password updated successfully' };
    },

    async recoverPasswordHtmlContent(request, reply) {
      const user = await app.users.byEmail(request.params.email);
      if (!user) throw new HttpError(404, 'The user with this username does not exist in the system.');
      const message = await recoveryEmail(user.email, user.hashedPassword);
      reply.type('text/html; charset=utf-8').header('subject', message.subject);
      return message.html;
    },
  };
}
