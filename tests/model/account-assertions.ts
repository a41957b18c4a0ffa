import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CallTimeoutError, errorMessage } from '../../src/api/errors';
import { checkAsset } from '../../src/machines/asset-upload';
import {
  type ConfirmEmailContext,
  isAlreadyConfirmedError,
  isDeadCodeError,
  RESEND_INTERVAL_SECONDS,
} from '../../src/machines/confirm-email';
import { checkPhoto } from '../../src/machines/profile-photo';
import type { SubscriptionContext } from '../../src/machines/subscription';
import type { ChosenFile, UploadContext } from '../../src/machines/upload';
import { CONFIRM_FAILURES } from '../../src/qa/statecharts/account-models';
import { API_FAILURES } from '../../src/qa/statecharts/model-kit';
import { stateLabel } from '../../src/qa/statecharts/paths';
import type { WalkStep, World } from '../../src/qa/statecharts/walk';

/** The state assertions of the account machines (issue 5); merged into ASSERTIONS in assertions.ts. */

type StateAssertion = (snapshot: AnyMachineSnapshot, step: WalkStep, world: World) => void;
type MachineAssertions = Record<string, StateAssertion>;

const can = (snapshot: AnyMachineSnapshot, type: string) => snapshot.can({ type } as never);
const ran = (step: WalkStep, type: string) => step.actions.filter((action) => action.type === type);
const entered = (world: World, snapshot: AnyMachineSnapshot) =>
  world.previous === undefined || stateLabel(world.previous) !== stateLabel(snapshot);
const eventError = (world: World) => (world.event as { error?: unknown } | undefined)?.error;
/** The step was a time limit running out (of the state named `of`, when given). */
const timedOut = (world: World, of = '') =>
  (eventType(world)?.startsWith('xstate.after.') && eventType(world)?.endsWith(of)) ?? false;
/** The failure a step ended in: its error event's, or a CallTimeoutError when its time limit ran out. */
const failureOf = (world: World) => (timedOut(world) ? expect.any(CallTimeoutError) : eventError(world));
const eventType = (world: World) => world.event?.type;

// ---------------------------------------------------------------------------------------------------
// E-mail confirmation (parallel regions: every reachable pair of code × resend states is asserted)

const confirm = (snapshot: AnyMachineSnapshot) => snapshot.context as ConfirmEmailContext;
const checkErrors = CONFIRM_FAILURES.check.map((failure) => failure.error);
const resendErrors = CONFIRM_FAILURES.resend.map((failure) => failure.error);

const codeAssertions: Record<string, StateAssertion> = {
  idle: (snapshot, _step, world) => {
    expect(confirm(snapshot).code).toBe('');
    expect(can(snapshot, 'confirm.submit')).toBe(false);
    expect(snapshot.children.checkCode).toBeUndefined();
    // A new code was sent: what was typed is cleared.
    if (eventType(world) === 'xstate.done.actor.resendCode') expect(confirm(snapshot).error).toBeNull();
  },
  entering: (snapshot) => {
    const { code, error } = confirm(snapshot);
    expect(code).toMatch(/^\d{1,6}$/);
    expect(error).toBeNull();
    // Confirm is enabled with six digits only.
    expect(can(snapshot, 'confirm.submit')).toBe(code.length === 6);
  },
  checking: (snapshot, _step, world) => {
    const { code } = confirm(snapshot);
    expect(code).toMatch(/^\d{6}$/);
    expect(snapshot.children.checkCode).toBeDefined();
    expect(can(snapshot, 'confirm.submit')).toBe(false);
    if (!world.previous?.matches({ active: { code: 'checking' } })) {
      expect(world.calls.at(-1)).toMatchObject({ src: 'checkCode', input: { code } });
    }
  },
  wrong: (snapshot, _step, world) => {
    const { error, code } = confirm(snapshot);
    if (timedOut(world, '.checking')) expect(error).toBeInstanceOf(CallTimeoutError);
    else if (!(error instanceof CallTimeoutError)) expect(checkErrors).toContain(error);
    expect(isDeadCodeError(error) || isAlreadyConfirmedError(error)).toBe(false);
    expect(errorMessage(error).length).toBeGreaterThan(0);
    if (eventType(world) === 'xstate.error.actor.checkCode') expect(error).toBe(eventError(world));
    // The same code may be sent again (e.g. after a network failure).
    expect(can(snapshot, 'confirm.submit')).toBe(code.length === 6);
  },
  expired: (snapshot) => {
    const { error } = confirm(snapshot);
    expect(isDeadCodeError(error)).toBe(true);
    expect(errorMessage(error)).toMatch(/Ask for a new code\.$/);
    expect(can(snapshot, 'confirm.submit')).toBe(false);
  },
};

const resendAssertions: Record<string, StateAssertion> = {
  ready: (snapshot, _step, world) => {
    expect(can(snapshot, 'confirm.resend')).toBe(true);
    expect(snapshot.children.ticker).toBeUndefined();
    expect(confirm(snapshot).cooldown).toBe(0);
    if (eventType(world) === 'confirm.tick')
      expect(world.previous && confirm(world.previous).cooldown).toBe(1);
  },
  resending: (snapshot) => {
    expect(snapshot.children.resendCode).toBeDefined();
    expect(can(snapshot, 'confirm.resend')).toBe(false);
  },
  coolingDown: (snapshot, step, world) => {
    const context = confirm(snapshot);
    expect(snapshot.children.ticker).toBeDefined();
    expect(can(snapshot, 'confirm.resend')).toBe(false);
    expect(context.cooldown).toBeGreaterThanOrEqual(1);
    const type = eventType(world);
    if (type === 'xstate.done.actor.resendCode') {
      expect(context.cooldown).toBe(RESEND_INTERVAL_SECONDS);
      expect(context.sent).toBe(true);
      expect(ran(step, 'onResent')).toHaveLength(1);
    }
    if (type === 'xstate.error.actor.resendCode') {
      // The server's wait: the Retry-After header, else the seconds in the message.
      const error = eventError(world) as { retryAfter?: number };
      expect(context.cooldown).toBe(error.retryAfter ?? 1);
      expect(context.sent).toBe(false);
    }
    if (type === 'confirm.tick' && world.previous) {
      expect(context.cooldown).toBe(confirm(world.previous).cooldown - 1);
    }
  },
  failed: (snapshot, _step, world) => {
    const { resendError } = confirm(snapshot);
    if (timedOut(world, '.resending')) expect(resendError).toBeInstanceOf(CallTimeoutError);
    else if (!(resendError instanceof CallTimeoutError)) expect(resendErrors).toContain(resendError);
    expect(can(snapshot, 'confirm.resend')).toBe(true);
    if (eventType(world) === 'xstate.error.actor.resendCode') expect(resendError).toBe(eventError(world));
  },
};

const confirmEmailAssertions: MachineAssertions = {
  confirmed: (snapshot, step, world) => {
    expect(can(snapshot, 'confirm.submit')).toBe(false);
    expect(can(snapshot, 'confirm.resend')).toBe(false);
    // Leaving the regions stopped the calls and the ticker.
    expect(Object.keys(snapshot.children)).toEqual([]);
    if (entered(world, snapshot)) expect(ran(step, 'onConfirmed')).toHaveLength(1);
    if (eventType(world) === 'xstate.done.actor.checkCode') {
      expect(confirm(snapshot).user).toEqual((world.event as { output?: unknown }).output);
    }
  },
};
for (const [code, codeAssertion] of Object.entries(codeAssertions)) {
  for (const [resend, resendAssertion] of Object.entries(resendAssertions)) {
    confirmEmailAssertions[`active.code.${code} + active.resend.${resend}`] = (snapshot, step, world) => {
      codeAssertion(snapshot, step, world);
      resendAssertion(snapshot, step, world);
    };
  }
}

// ---------------------------------------------------------------------------------------------------
// Uploads (profile photo, asset)

const upload = (snapshot: AnyMachineSnapshot) => snapshot.context as UploadContext;
const knownFailure = (error: unknown) =>
  API_FAILURES.some((failure) => failure.error === error) ||
  error instanceof Error ||
  (typeof error === 'object' && error !== null && 'status' in error);

function uploadAssertions(check: (file: ChosenFile) => string | null): MachineAssertions {
  return {
    idle: (snapshot, step, world) => {
      const context = upload(snapshot);
      expect(context.file).toBeNull();
      expect(context.rejection).toBeNull();
      expect(snapshot.children.upload).toBeUndefined();
      expect(can(snapshot, 'file.upload')).toBe(false);
      const type = eventType(world);
      if (type === 'upload.done') {
        // Through `done`: the new user is kept and the cache effect ran.
        expect(context.output).toEqual((world.event as { output?: unknown }).output);
        expect(ran(step, 'onUploaded')).toHaveLength(1);
      }
      if (type === 'xstate.done.actor.remove') expect(ran(step, 'onRemoved')).toHaveLength(1);
      if (type === 'xstate.error.actor.remove') {
        expect(context.error).toBe(eventError(world));
        expect(ran(step, 'onRemoveFailed')).toHaveLength(1);
      }
    },
    previewing: (snapshot) => {
      const context = upload(snapshot);
      expect(context.file).not.toBeNull();
      expect(check(context.file as File)).toBeNull();
      expect(context.rejection).toBeNull();
      expect(can(snapshot, 'file.upload')).toBe(true);
      expect(snapshot.children.upload).toBeUndefined();
    },
    'uploading.sending': (snapshot, _step, world) => {
      const context = upload(snapshot);
      expect(snapshot.children.upload).toBeDefined();
      expect(can(snapshot, 'file.upload')).toBe(false);
      if (eventType(world) === 'upload.progress') {
        const event = world.event as unknown as { loaded: number; total: number };
        expect(context.progress).toEqual({ loaded: event.loaded, total: event.total });
      } else if (entered(world, snapshot)) {
        expect(context.progress).toEqual({ loaded: 0, total: 0 });
        expect(world.calls.at(-1)).toMatchObject({ src: 'upload', input: { file: context.file } });
      }
    },
    failed: (snapshot, _step, world) => {
      const context = upload(snapshot);
      expect(context.file).not.toBeNull();
      expect(knownFailure(context.error)).toBe(true);
      if (entered(world, snapshot)) expect(context.error).toEqual(failureOf(world));
      expect(can(snapshot, 'file.upload')).toBe(true);
      expect(snapshot.children.upload).toBeUndefined();
    },
    rejected: (snapshot) => {
      const context = upload(snapshot);
      expect(context.file).not.toBeNull();
      expect(context.rejection).toBe(check(context.file as File));
      expect(context.rejection).not.toBeNull();
      expect(can(snapshot, 'file.upload')).toBe(false);
    },
    removing: (snapshot, _step, world) => {
      expect(upload(snapshot).file).toBeNull();
      expect(snapshot.children.remove).toBeDefined();
      expect(world.calls.at(-1)?.src).toBe('remove');
      expect(can(snapshot, 'file.choose')).toBe(false);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Subscription plan

const plan = (snapshot: AnyMachineSnapshot) => snapshot.context as SubscriptionContext;

const subscriptionAssertions: MachineAssertions = {
  viewing: (snapshot, step, world) => {
    expect(plan(snapshot).plan).toBeNull();
    expect(snapshot.children.save).toBeUndefined();
    expect(can(snapshot, 'plan.confirm')).toBe(false);
    if (eventType(world) === 'xstate.done.actor.save') {
      expect(ran(step, 'onSaved')).toHaveLength(1);
      expect(plan(snapshot).output).toEqual((world.event as { output?: unknown }).output);
    }
  },
  confirming: (snapshot) => {
    expect(plan(snapshot).plan).toBe('Plan2');
    expect(can(snapshot, 'plan.confirm')).toBe(true);
    expect(can(snapshot, 'plan.cancel')).toBe(true);
  },
  saving: (snapshot, _step, world) => {
    expect(snapshot.children.save).toBeDefined();
    expect(world.calls.at(-1)).toMatchObject({ src: 'save', input: { plan: 'Plan2' } });
    // Neither a second confirm nor cancel while saving.
    expect(can(snapshot, 'plan.confirm')).toBe(false);
    expect(can(snapshot, 'plan.cancel')).toBe(false);
  },
  failed: (snapshot, step, world) => {
    const { error } = plan(snapshot);
    expect(error instanceof CallTimeoutError || API_FAILURES.some((failure) => failure.error === error)).toBe(
      true,
    );
    if (entered(world, snapshot)) {
      expect(error).toEqual(failureOf(world));
      expect(ran(step, 'onFailure')).toHaveLength(1);
    }
    expect(can(snapshot, 'plan.confirm')).toBe(true);
  },
};

export const ACCOUNT_ASSERTIONS: Record<string, MachineAssertions> = {
  confirmEmail: confirmEmailAssertions,
  profilePhoto: uploadAssertions(checkPhoto),
  assetUpload: uploadAssertions(checkAsset),
  subscription: subscriptionAssertions,
};
