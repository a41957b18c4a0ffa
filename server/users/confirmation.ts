import { randomInt } from 'node:crypto';
import type { NewUserRow } from '../db/schema.ts';

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

export const confirmedState = {
  isEmailConfirmed: true,
  confirmCode: null,
  confirmCodeExpiresAt: null,
  confirmCodeAttempts: 0,
} satisfies Partial<NewUserRow>;
