import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { CONFIRM_CODE_LENGTH } from '../../openapi/limits';
import { CALL_TIME_LIMITS, CallTimeoutError, errorMessage } from '../api/errors';

/**
 * E-mail confirmation, shown while `is_email_confirmed` is false: the `code` and `resend` regions run in
 * parallel, so a code can be typed while a new one is on its way; a new code clears what was typed.
 */

/** The server's resend interval (server/users/confirmation.ts). */
export const RESEND_INTERVAL_SECONDS = 60;
/** The code's digits: the contract's ConfirmEmailCode pattern. */
export const CODE_LENGTH = CONFIRM_CODE_LENGTH;

export interface ConfirmEmailContext {
  /** Digits typed so far (at most 6). */
  code: string;
  /** The last failure of `checkCode`. */
  error: unknown;
  /** The last failure of `resendCode`. */
  resendError: unknown;
  /** Seconds left before a new code may be asked for (while cooling down). */
  cooldown: number;
  /** True when the cooldown follows a code that was just sent (not a refusal to send). */
  sent: boolean;
  /** The confirmed user returned by `checkCode`, or null. */
  user: unknown;
}

export type ConfirmEmailEvent =
  | { type: 'confirm.change'; code: string }
  | { type: 'confirm.submit' }
  | { type: 'confirm.resend' }
  | { type: 'confirm.tick' }
  /** Raised internally when a new code was sent. */
  | { type: 'confirm.sent' };

/** Keeps digits only, at most six. */
export function cleanCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

function status(error: unknown): number | undefined {
  const value = (error as { status?: unknown } | null)?.status;
  return typeof value === 'number' ? value : undefined;
}

/** 'Email is already confirmed': the account is confirmed (elsewhere); nothing is left to do. */
export function isAlreadyConfirmedError(error: unknown): boolean {
  return status(error) === 400 && errorMessage(error) === 'Email is already confirmed';
}

/** Expired, too many wrong codes, or none pending: every such answer ends with 'Ask for a new code.'. */
export function isDeadCodeError(error: unknown): boolean {
  return status(error) === 400 && /Ask for a new code\.$/.test(errorMessage(error));
}

/** Seconds to wait after a 429: Retry-After, else the number in 'Please wait N seconds…', else the interval. */
export function retryAfterSeconds(error: unknown): number {
  const header = (error as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof header === 'number' && Number.isFinite(header) && header > 0) return Math.ceil(header);
  const match = /wait (\d+) seconds?/.exec(errorMessage(error));
  if (match?.[1]) return Math.max(1, Number(match[1]));
  return RESEND_INTERVAL_SECONDS;
}

const changeTransitions = [
  { guard: 'hasDigits', target: 'entering', actions: 'setCode' },
  { target: 'idle', actions: 'setCode' },
] as const;

/** Chart: [docs/statecharts/confirmEmail.md](../../docs/statecharts/confirmEmail.md). */
export const confirmEmailMachine = setup({
  types: {
    context: {} as ConfirmEmailContext,
    events: {} as ConfirmEmailEvent,
  },
  delays: { writeLimit: () => CALL_TIME_LIMITS.write },
  actors: {
    /** Injected: PATCH /users/me/check_confirm_email; resolves with the confirmed user. */
    checkCode: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('confirmEmail: checkCode was not provided');
    }),
    /** Injected: PATCH /users/me/resend_confirm_email. */
    resendCode: fromPromise<unknown, void>(async () => {
      throw new Error('confirmEmail: resendCode was not provided');
    }),
    /** Injected: sends `confirm.tick` once a second while cooling down. */
    ticker: fromCallback(() => () => {}),
  },
  actions: {
    setCode: assign(({ event }) =>
      event.type === 'confirm.change' ? { code: cleanCode(event.code), error: null } : {},
    ),
    clearCode: assign({ code: '', error: null }),
    setError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    setUser: assign({ user: ({ event }) => (event as { output?: unknown }).output ?? null }),
    setResendError: assign({ resendError: ({ event }) => (event as { error?: unknown }).error ?? null }),
    timeOut: assign({ error: () => new CallTimeoutError('The code check was not answered in time') }),
    resendTimeOut: assign({ resendError: () => new CallTimeoutError('The resend was not answered in time') }),
    startCooldown: assign({ cooldown: RESEND_INTERVAL_SECONDS, sent: true, resendError: null }),
    startCooldownFromError: assign(({ event }) => ({
      cooldown: retryAfterSeconds((event as { error?: unknown }).error),
      sent: false,
      resendError: null,
    })),
    countDown: assign({ cooldown: ({ context }) => context.cooldown - 1 }),
    endCooldown: assign({ cooldown: 0, sent: false }),
    announceSent: raise({ type: 'confirm.sent' }),
    /** Injected: put the confirmed user into the cache (or refetch it). */
    onConfirmed: () => {},
    /** Injected: tell the user a new code was sent. */
    onResent: () => {},
  },
  guards: {
    hasDigits: ({ event }) => event.type === 'confirm.change' && cleanCode(event.code) !== '',
    isComplete: ({ context }) => context.code.length === CODE_LENGTH,
    isAlreadyConfirmed: ({ event }) => isAlreadyConfirmedError((event as { error?: unknown }).error),
    isDeadCode: ({ event }) => isDeadCodeError((event as { error?: unknown }).error),
    isTooSoon: ({ event }) => status((event as { error?: unknown }).error) === 429,
    secondsLeft: ({ context }) => context.cooldown > 1,
  },
}).createMachine({
  id: 'confirmEmail',
  context: { code: '', error: null, resendError: null, cooldown: 0, sent: false, user: null },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        code: {
          initial: 'idle',
          on: { 'confirm.sent': { target: '.idle', actions: 'clearCode' } },
          states: {
            idle: { on: { 'confirm.change': changeTransitions } },
            entering: {
              on: {
                'confirm.change': changeTransitions,
                'confirm.submit': { guard: 'isComplete', target: 'checking' },
              },
            },
            checking: {
              // A code sent meanwhile does not interrupt the check (its answer tells what happened).
              on: { 'confirm.sent': {} },
              invoke: {
                id: 'checkCode',
                src: 'checkCode',
                input: ({ context }) => ({ code: context.code }),
                onDone: { target: '#confirmEmail.confirmed', actions: 'setUser' },
                onError: [
                  { guard: 'isAlreadyConfirmed', target: '#confirmEmail.confirmed' },
                  { guard: 'isDeadCode', target: 'expired', actions: 'setError' },
                  { target: 'wrong', actions: 'setError' },
                ],
              },
              after: { writeLimit: { target: 'wrong', actions: 'timeOut' } },
            },
            wrong: {
              // The code that was refused may be sent again (e.g. after a network failure).
              on: { 'confirm.change': changeTransitions, 'confirm.submit': 'checking' },
            },
            expired: { on: { 'confirm.change': changeTransitions } },
          },
        },
        resend: {
          initial: 'ready',
          states: {
            ready: { on: { 'confirm.resend': 'resending' } },
            resending: {
              invoke: {
                id: 'resendCode',
                src: 'resendCode',
                onDone: { target: 'coolingDown', actions: ['startCooldown', 'announceSent', 'onResent'] },
                onError: [
                  { guard: 'isTooSoon', target: 'coolingDown', actions: 'startCooldownFromError' },
                  { guard: 'isAlreadyConfirmed', target: '#confirmEmail.confirmed' },
                  { target: 'failed', actions: 'setResendError' },
                ],
              },
              after: { writeLimit: { target: 'failed', actions: 'resendTimeOut' } },
            },
            coolingDown: {
              invoke: { id: 'ticker', src: 'ticker' },
              on: {
                'confirm.tick': [
                  { guard: 'secondsLeft', actions: 'countDown' },
                  { target: 'ready', actions: 'endCooldown' },
                ],
              },
            },
            failed: { on: { 'confirm.resend': 'resending' } },
          },
        },
      },
    },
    confirmed: { entry: 'onConfirmed' },
  },
});

export type ConfirmEmailMachine = typeof confirmEmailMachine;
