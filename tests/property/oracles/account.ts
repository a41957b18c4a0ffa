import {
  accepted,
  apiRefusal,
  crashed,
  current,
  isRunning,
  lastAccepted,
  type Oracle,
  ran,
  type Step,
  sentType,
  type Trace,
} from './types';

/**
 * The account extras: e-mail confirmation, profile photo, asset, subscription plan (spec §1 "The API
 * also offers calls for profile photo, asset, subscription type … and e-mail confirmation", §3 User,
 * §7's calls, §9's subscription types). Their screens are "not shown" in the spec; where the spec is
 * silent the oracle cites the server's contract it names (server/users/confirmation.ts,
 * server/storage/uploads.ts).
 */

const startedBy = (step: Step, src: string) => step.calls.filter((call) => call.src === src);

/** A call of `src` may only be started by the event `type`, and never while another one runs. */
function onlyOn(id: string, spec: string, src: string, type: string): Oracle {
  return {
    id,
    spec,
    check: (trace) => {
      const step = current(trace);
      for (const call of startedBy(step, src)) {
        if (sentType(step) !== type) return `${src}#${call.n} started by "${step.label}", not by ${type}`;
        const other = trace.calls.find(
          (earlier) => earlier.src === src && earlier.step < step.index && isRunning(earlier),
        );
        if (other) return `${src}#${call.n} started while ${src}#${other.n} was still running`;
      }
      return undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// E-mail confirmation

// The server's code: six digits (server/users/confirmation.ts), asked for again at most once a minute.
const CODE = /^\d{6}$/;
const RESEND_INTERVAL_MS = 60_000;

const alreadyConfirmed = (error: unknown) => {
  const refusal = apiRefusal(error);
  return refusal?.status === 400 && refusal.detail === 'Email is already confirmed';
};

/** The wait a refused resend asks for: its Retry-After, else 'wait N seconds', else the full interval. */
function askedWaitMs(error: unknown): number {
  const header = (error as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof header === 'number' && header > 0) return Math.ceil(header) * 1000;
  const detail = apiRefusal(error)?.detail;
  const match = typeof detail === 'string' ? /wait (\d+) seconds?/.exec(detail) : null;
  return match ? Math.max(1, Number(match[1])) * 1000 : RESEND_INTERVAL_MS;
}

/** The earliest time a new code may be asked for, from the resend answers so far. */
function resendAllowedAt(trace: Trace, before: number): number {
  let allowed = 0;
  for (const step of trace.steps.slice(0, before)) {
    const settled = step.settled;
    if (settled?.call.src !== 'resendCode' || settled.call.stopped) continue;
    if (settled.kind === 'done') allowed = step.time + RESEND_INTERVAL_MS;
    else if (apiRefusal(settled.value)?.status === 429) allowed = step.time + askedWaitMs(settled.value);
  }
  return allowed;
}

export const confirmEmailOracles: Oracle[] = [
  crashed,
  onlyOn('confirm.check-on-submit', '§7 check_confirm_email', 'checkCode', 'confirm.submit'),
  onlyOn('confirm.resend-on-request', '§7 resend_confirm_email', 'resendCode', 'confirm.resend'),
  {
    // The code checked is the six digits typed (§3 User: confirm_code; server: six digits).
    id: 'confirm.checks-six-digits-typed',
    spec: '§3 User, §7',
    check: (trace) => {
      const step = current(trace);
      const call = startedBy(step, 'checkCode')[0];
      if (!call) return undefined;
      const code = (call.input as { code: string }).code;
      if (!CODE.test(code)) return `checked ${JSON.stringify(code)}, not six digits`;
      const typed = lastAccepted(trace, 'confirm.change');
      const digits = String((typed?.event as unknown as { code?: string } | undefined)?.code ?? '').replace(
        /\D/g,
        '',
      );
      return digits.startsWith(code) ? undefined : `checked ${code}, typed ${JSON.stringify(digits)}`;
    },
  },
  {
    // Resend interval (server/users/confirmation.ts, 60 s; a 429 says how long to wait): no new code
    // is asked for before the simulated clock has passed it.
    id: 'confirm.resend-waits-interval',
    spec: '§7 resend_confirm_email',
    check: (trace) => {
      const step = current(trace);
      if (!startedBy(step, 'resendCode').length) return undefined;
      const allowed = resendAllowedAt(trace, step.index);
      return step.time >= allowed
        ? undefined
        : `a new code asked for at ${step.time / 1000} s, allowed from ${allowed / 1000} s`;
    },
  },
  {
    // §3 User: is_email_confirmed — once confirmed, nothing is asked any more, and it is announced once.
    id: 'confirm.confirmed-is-final',
    spec: '§3 User',
    check: (trace) => {
      const step = current(trace);
      const confirmedAt = trace.steps.findIndex((earlier) => {
        const settled = earlier.settled;
        if (!settled || settled.call.stopped) return false;
        return (
          (settled.call.src === 'checkCode' && settled.kind === 'done') ||
          (settled.kind === 'error' && alreadyConfirmed(settled.value))
        );
      });
      if (confirmedAt < 0) return undefined;
      if (step.index === confirmedAt && ran(step, 'onConfirmed').length !== 1)
        return 'confirmed without onConfirmed';
      if (step.index > confirmedAt && step.calls.length)
        return `${step.calls[0]?.src} asked after the e-mail was confirmed`;
      return undefined;
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Profile photo and asset

const MEGABYTE = 1024 * 1024;
// server/storage/uploads.ts: PHOTO_MAX_BYTES 5 MB, ASSET_MAX_BYTES 20 MB; an empty file is refused.
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const PHOTO_NAME = /\.(png|jpe?g|webp)$/i;

interface FileLike {
  name: string;
  type: string;
  size: number;
}

const acceptable = {
  profilePhoto: (file: FileLike) =>
    file.size > 0 &&
    file.size <= 5 * MEGABYTE &&
    (file.type ? PHOTO_TYPES.includes(file.type) : PHOTO_NAME.test(file.name)),
  assetUpload: (file: FileLike) => file.size > 0 && file.size <= 20 * MEGABYTE,
};

function uploadOracles(name: 'profilePhoto' | 'assetUpload'): Oracle[] {
  return [
    crashed,
    onlyOn('upload.on-upload', '§7 PATCH /users/me/profile_photo, /asset', 'upload', 'file.upload'),
    onlyOn('upload.remove-on-remove', '§7', 'remove', 'file.remove'),
    {
      // The server refuses a file over the limit, an empty one, a photo that is not PNG/JPEG/WebP:
      // such a file is never sent; the file sent is the one chosen last.
      id: 'upload.only-acceptable-chosen-file',
      spec: '§7, server/storage/uploads.ts',
      check: (trace) => {
        const call = startedBy(current(trace), 'upload')[0];
        if (!call) return undefined;
        const file = (call.input as { file: FileLike }).file;
        if (!acceptable[name](file))
          return `sent ${file.name} (${file.type || 'no type'}, ${file.size} B), which the server refuses`;
        const chosen = lastAccepted(trace, 'file.choose');
        return (chosen?.event as unknown as { file?: unknown } | undefined)?.file === file
          ? undefined
          : `sent ${file.name}, not the file chosen last`;
      },
    },
    {
      // The other direction: a file the server accepts (up to the limit itself) can be sent once chosen.
      id: 'upload.acceptable-file-can-be-sent',
      spec: '§7, server/storage/uploads.ts',
      check: (trace) => {
        const step = current(trace);
        if (sentType(step) !== 'file.choose' || !accepted(step)) return undefined;
        const file = (step.event as unknown as { file: FileLike }).file;
        if (!acceptable[name](file)) return undefined;
        return step.snapshot.can({ type: 'file.upload' })
          ? undefined
          : `${file.name} (${file.type || 'no type'}, ${file.size} B) is acceptable but cannot be sent`;
      },
    },
    {
      // Cancel during an upload aborts the request (it is not left running).
      id: 'upload.cancel-aborts',
      spec: '§7',
      check: (trace) => {
        const step = current(trace);
        if (sentType(step) !== 'file.cancel') return undefined;
        const left = trace.calls.find(
          (call) => call.src === 'upload' && call.step < step.index && isRunning(call),
        );
        return left ? `Cancel left upload#${left.n} running` : undefined;
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Subscription plan

// §9: "Subscription types: Free, Plan1, Plan2."
const PLANS = ['Free', 'Plan1', 'Plan2'];

export const subscriptionOracles: Oracle[] = [
  crashed,
  onlyOn('subscription.save-on-confirm', '§7 PATCH /users/me/subscription_type', 'save', 'plan.confirm'),
  {
    // §7: "query subscription_type" of §9's types: the plan saved is the plan chosen last.
    id: 'subscription.saves-chosen-plan',
    spec: '§7, §9',
    check: (trace) => {
      const call = startedBy(current(trace), 'save')[0];
      if (!call) return undefined;
      const plan = (call.input as { plan: string }).plan;
      const chosen = lastAccepted(trace, 'plan.choose');
      const expected = (chosen?.event as unknown as { plan?: string } | undefined)?.plan;
      if (!PLANS.includes(plan)) return `saved plan ${JSON.stringify(plan)}`;
      return plan === expected ? undefined : `saved ${plan}, chose ${String(expected)}`;
    },
  },
  {
    // A cancelled choice is not saved: after Cancel, Confirm saves nothing until a plan is chosen again.
    id: 'subscription.cancel-drops-choice',
    spec: '§7',
    check: (trace) => {
      const call = startedBy(current(trace), 'save')[0];
      if (!call) return undefined;
      for (let index = trace.steps.length - 2; index >= 0; index -= 1) {
        const type = sentType(trace.steps[index] as Step);
        const earlier = trace.steps[index] as Step;
        if (type === 'plan.choose' && accepted(earlier)) return undefined;
        if (type === 'plan.cancel' && accepted(earlier)) return 'saved a plan whose choice was cancelled';
        const settled = (trace.steps[index] as Step).settled;
        if (settled?.call.src === 'save' && settled.kind === 'done' && !settled.call.stopped)
          return 'saved again without a new choice';
      }
      return undefined;
    },
  },
];

export const accountOracles: Record<string, Oracle[]> = {
  confirmEmail: confirmEmailOracles,
  profilePhoto: uploadOracles('profilePhoto'),
  assetUpload: uploadOracles('assetUpload'),
  subscription: subscriptionOracles,
};
