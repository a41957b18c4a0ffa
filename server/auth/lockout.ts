import type { Limiter } from '../limits/rate-limiter.ts';

/**
 * Clears the sign-in lockout of an account: the one place that knows how the lockout is kept
 * (POST /users/{user_id}/unlock and `npm run admin -- unlock EMAIL` both call it): every failure counted
 * against the lower-cased e-mail, from all addresses and from each (server/limits/rate-limiter.ts).
 */
export async function unlockLogin(limiter: Limiter, email: string): Promise<void> {
  await limiter.unlockLogin(email.toLowerCase());
}
