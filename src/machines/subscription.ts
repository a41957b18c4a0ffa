import { assign, fromPromise, setup } from 'xstate';
import { SUBSCRIPTION_TYPES } from '../../openapi/enums';
import { CALL_TIME_LIMITS, CallTimeoutError } from '../api/errors';
import type { SubscriptionType } from '../api/types';

/**
 * The subscription plan: choosing another plan asks for a confirmation before it is saved.
 *   viewing --plan.choose--> confirming --plan.confirm--> saving --done--> viewing
 *                                                              --error--> failed (Confirm retries)
 * Cancel returns to viewing; an unanswered save is `failed` at the time limit, its late answer ignored.
 */

const PLAN_LABELS: Record<SubscriptionType, string> = { Free: 'Free', Plan1: 'Plan 1', Plan2: 'Plan 2' };

/** Every plan the contract has, in its order, with the name the screens show. */
export const PLANS: readonly { value: SubscriptionType; label: string }[] = SUBSCRIPTION_TYPES.map(
  (value) => ({
    value,
    label: PLAN_LABELS[value],
  }),
);

export function planLabel(plan: string | null | undefined): string {
  return PLANS.find((entry) => entry.value === plan)?.label ?? 'Free';
}

export interface SubscriptionContext {
  /** The plan being confirmed or saved. */
  plan: SubscriptionType | null;
  error: unknown;
  output: unknown;
}

export type SubscriptionEvent =
  | { type: 'plan.choose'; plan: SubscriptionType }
  | { type: 'plan.confirm' }
  | { type: 'plan.cancel' };

/** Chart: [docs/statecharts/subscription.md](../../docs/statecharts/subscription.md). */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  delays: { writeLimit: () => CALL_TIME_LIMITS.write },
  actors: {
    /** Injected: PATCH /users/me/subscription_type; resolves with the updated user. */
    save: fromPromise<unknown, { plan: SubscriptionType }>(async () => {
      throw new Error('subscription: save was not provided');
    }),
  },
  actions: {
    setPlan: assign(({ event }) => (event.type === 'plan.choose' ? { plan: event.plan, error: null } : {})),
    clear: assign({ plan: null, error: null }),
    setError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    timeOut: assign({ error: () => new CallTimeoutError('The plan change was not answered in time') }),
    setOutput: assign({ output: ({ event }) => (event as { output?: unknown }).output }),
    /** Injected: the updated user into the cache, a success message. */
    onSaved: () => {},
    /** Injected: report the failure. */
    onFailure: () => {},
  },
}).createMachine({
  id: 'subscription',
  context: { plan: null, error: null, output: undefined },
  initial: 'viewing',
  states: {
    viewing: {
      on: { 'plan.choose': { target: 'confirming', actions: 'setPlan' } },
    },
    confirming: {
      on: {
        'plan.confirm': 'saving',
        'plan.cancel': { target: 'viewing', actions: 'clear' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ plan: context.plan ?? 'Free' }),
        onDone: { target: 'viewing', actions: ['setOutput', 'onSaved', 'clear'] },
        onError: { target: 'failed', actions: ['setError', 'onFailure'] },
      },
      after: { writeLimit: { target: 'failed', actions: ['timeOut', 'onFailure'] } },
    },
    failed: {
      on: {
        'plan.confirm': 'saving',
        'plan.cancel': { target: 'viewing', actions: 'clear' },
      },
    },
  },
});

export type SubscriptionMachine = typeof subscriptionMachine;
