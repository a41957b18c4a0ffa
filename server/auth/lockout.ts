import type { Limiter } from '../limits/rate-limiter.ts';

/**
 * Clears the sign-in lockout of an account: the one place that knows how the lockout is kept
 * (POST /users/{user_id}/unlock and `npm run admin -- unlock EMAIL` both call it). Today the lockout is
 * the per-account failed-login counter that loginAccessToken counts under the lower-cased e-mail.
 */
export async function unlockLogin(limiter: Limiter, email: string): Promise<void> {
  await limiter.reset('loginFailuresPerAccount', email.toLowerCase());
}
