import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guard.ts';
import type { NewUserRow, UserRow } from '../db/schema.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import type { OperationHandlers } from '../http/types.ts';
import type { SendEmail } from '../mail/queue.ts';
import { confirmEmailCodeEmail } from '../mail/templates.ts';
import { userPresenter } from './public.ts';

export const CONFIRM_CODE_TTL_HOURS = 24;
export const CONFIRM_CODE_MAX_ATTEMPTS = 5;
export const CONFIRM_RESEND_INTERVAL_SECONDS = 60;

/** Columns that start a fresh confirmation: a new 6-digit code, its expiry and a clean try count. */
export function freshConfirmation(now = new Date()) {
  return {
    isEmailConfirmed: false,
    confirmCode: randomInt(0, 1_000_000).toString().padStart(6, '0'),
    confirmCodeExpiresAt: new Date(now.getTime() + CONFIRM_CODE_TTL_HOURS * 3600_000),
    confirmCodeAttempts: 0,
    confirmCodeSentAt: now,
  } satisfies Partial<NewUserRow>;
}

/** Queues the e-mail with the user's pending confirmation code, if one is pending. */
export function sendConfirmationCode(app: FastifyInstance, user: UserRow, send: SendEmail) {
  if (!user.confirmCode) return;
  send(confirmEmailCodeEmail(app.templateContext, user.email, user.confirmCode, CONFIRM_CODE_TTL_HOURS));
}

const alreadyConfirmed = () => new HttpError(400, 'Email is already confirmed');

/** Checking the e-mailed code and asking for a new one. */
export function confirmationHandlers(
  app: FastifyInstance,
): OperationHandlers<'checkConfirmEmailMe' | 'resendConfirmEmailMe'> {
  const present = userPresenter(app.settings.secretKey);
  return {
    async checkConfirmEmailMe(request) {
      const user = requireUser(request);
      await app.limiter.consume('confirmPerIp', request.ip);
      await app.limiter.consume('confirmPerAccount', user.id);
      if (user.isEmailConfirmed) throw alreadyConfirmed();
      if (!user.confirmCode || !user.confirmCodeExpiresAt) {
        throw new HttpError(400, 'No confirmation code is pending. Ask for a new code.');
      }
      if (user.confirmCodeAttempts >= CONFIRM_CODE_MAX_ATTEMPTS) {
        throw new HttpError(400, 'Too many wrong codes. Ask for a new code.');
      }
      if (user.confirmCodeExpiresAt.getTime() <= Date.now()) {
        throw new HttpError(400, 'The confirmation code has expired. Ask for a new code.');
      }
      const result = await app.users.tryConfirmCode(
        user.id,
        request.body.confirm_code,
        CONFIRM_CODE_MAX_ATTEMPTS,
      );
      if (result.user) return present(result.user, result.user);
      if (result.alreadyConfirmed) throw alreadyConfirmed();
      const left = CONFIRM_CODE_MAX_ATTEMPTS - (result.attempts ?? CONFIRM_CODE_MAX_ATTEMPTS);
      if (left <= 0) throw new HttpError(400, 'Too many wrong codes. Ask for a new code.');
      throw new HttpError(400, `Invalid confirmation code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    },

    async resendConfirmEmailMe(request) {
      const user = requireUser(request);
      await app.limiter.consume('confirmPerIp', request.ip);
      if (user.isEmailConfirmed) throw alreadyConfirmed();
      const renewed = await app.mailDelivery.transaction(async (tx, send) => {
        const row = await app.users.renewConfirmCode(
          user.id,
          freshConfirmation(),
          CONFIRM_RESEND_INTERVAL_SECONDS,
          tx,
        );
        if (row) sendConfirmationCode(app, row, send);
        return row;
      });
      if (!renewed) {
        const sentAt = user.confirmCodeSentAt?.getTime() ?? Date.now();
        throw tooManyRequests(
          sentAt + CONFIRM_RESEND_INTERVAL_SECONDS * 1000 - Date.now(),
          (wait) => `Please wait ${wait} seconds before asking for a new code.`,
        );
      }
      return { message: 'A new confirmation code was sent to your email' };
    },
  };
}
