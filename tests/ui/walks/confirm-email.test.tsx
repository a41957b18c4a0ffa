import { screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CALL_TIME_LIMITS, TIMEOUT_MESSAGE } from '../../../src/api/errors';
import { RESEND_INTERVAL_SECONDS } from '../../../src/machines/confirm-email';
import { modelByName } from '../../../src/qa/statecharts/models';
import type { ModelPath, PathStep } from '../../../src/qa/statecharts/paths';
import { renderApp } from '../harness';
import { type Answer, RequestGate } from './request-gate';
import { describeUiWalk, type StepInfo, type UiDriver, type Walk } from './runner';
import {
  type Account,
  adminUpdate,
  clickOrBlocked,
  createAccount,
  isOutcome,
  newToast,
  outcomeLabel,
  setActive,
  toastsOnScreen,
  type User,
  user,
} from './support';

/**
 * The e-mail notice on the dashboard ('Confirm your email address'), walked through its real screen
 * against the real server. Each model event is a user action or the server's answer:
 * - `confirm.change`: an edit of 'Confirmation code' in one input event (the field's text selected and
 *   replaced, or cleared). 'six digits' is a real code: the one the server e-mailed (read from its outbox)
 *   when the path's check succeeds, else a code that differs from it in every digit; 'partial code' is
 *   the model's own 'a12'; 'cleared' empties the field — on an empty field, a letter typed into it (the
 *   screen passes it on, the machine keeps no digit of it);
 * - `confirm.submit`: Confirm, `confirm.resend`: Resend code (a disabled button, a read-only field or no
 *   notice at all is a `blocked` step);
 * - `confirm.tick`: the notice's own ticker, in real time (a second; the walk waits for the countdown to
 *   move). No path counts a whole interval down: the model tells 'more than one second left' from 'the
 *   last second', and the last second comes from the server's own answer.
 * - the answers of check_confirm_email and resend_confirm_email: the real server's. Both calls can be in
 *   flight at once, so each request is held in the browser (request-gate.ts) and leaves at the step that
 *   names its outcome, once the server side is arranged for it.
 *
 * How each modelled outcome is produced (server/users/confirmation.ts):
 * - check success: the e-mailed code. 'wrong code': a wrong (or superseded) code — 'Invalid confirmation
 *   code. N tries left.' with the server's count. 'too many tries': the account's remaining tries are
 *   spent through the API first (another device), the server then answers 'Too many wrong codes. Ask
 *   for a new code.'. 'expired': a code cannot be made 24 hours old here; the server's other answer of
 *   that class stands for it — an account with no code pending: 'No confirmation code is pending. Ask
 *   for a new code.' (the admin had unticked 'Is e-mail confirmed?' on a confirmed account). 'already
 *   confirmed' (check and resend): the admin marks the address confirmed just before the answer.
 * - resend success: an account whose last code is older than the server's 60-second interval — or has
 *   none (the admin's account above); a second success within one path would need a minute's wait
 *   and is not walked. '429 wait 42 s': a code was sent less than a minute ago; the server's real wait
 *   ('Please wait N seconds…', Retry-After N) is shown. '429 wait 1 s': the walk waits, in real time,
 *   until the server's own answer to another device says 1 second is left of its interval (about a
 *   minute), then lets the screen's request go; such a path must then take the last tick (the ticker
 *   would take it by itself a second later).
 * - failures the real server cannot be made to produce (a 500, a lost network, the check's rate limit)
 *   are the account's refusal, as in the other walks: the admin deactivated it just before the answer
 *   ('Inactive user', 400) and reactivates it once the failure shows. They differ from the modelled
 *   ones only in their message, and the screen shows the server's.
 * - a time limit running out (no answer): the request stays held and the write limit is shortened for
 *   the click that sent it, so the `after` edge is taken in a second; walked as a path's last step.
 */

const model = modelByName('confirmEmail');
if (!model) throw new Error('no confirmEmail model');

const HEADING = 'Confirm your email address';
const PARTIAL = 'a12';
const CONFIRMED_TOAST = 'Your email address is confirmed.';
const REFUSED = new Set(['500', 'network failure', '429 rate limit']);
const MAX_TRIES = 5;

// ---------------------------------------------------------------------------------------------------
// The server side of a path, worked out before it is walked

type Kind = 'signup' | 'no code';

/** What the code field holds: nothing, the partial code, or a six-digit code (the e-mailed one or not). */
type Typed = { kind: 'none' } | { kind: 'partial' } | { kind: 'code'; version: number; wrong: boolean };

interface StepPlan {
  /** The field's content after the step. */
  typed: Typed;
  /** confirm.change: clear the field, or type a letter into the empty field. */
  edit?: 'clear' | 'letter' | 'replace';
  /** Before the answer is let through. */
  arrange?: 'refuse' | 'confirm' | 'lastSecond' | { spend: number };
  /** The check's failure as the screen must show it. */
  message?: string;
}

interface Script {
  kind: Kind;
  steps: StepPlan[];
}

interface ServerState {
  /** Codes e-mailed so far (the pending code is the newest); 0: none pending. */
  code: number;
  attempts: number;
  /** When the last code was sent: never, within the interval, or longer ago. */
  sent: 'never' | 'recent' | 'lapsed';
  confirmed: boolean;
}

const inCode = (snapshot: AnyMachineSnapshot, name: string) =>
  snapshot.matches({ active: { code: name } } as never);
const inResend = (snapshot: AnyMachineSnapshot, name: string) =>
  snapshot.matches({ active: { resend: name } } as never);
const isConfirmed = (snapshot: AnyMachineSnapshot) => snapshot.matches('confirmed' as never);
const labelOf = (step: PathStep) => /\(([^)]*)\)$/.exec(step.label)?.[1] ?? '';
const isTimeLimit = (step: PathStep | undefined) => step?.event.type.startsWith('xstate.after.') ?? false;
const WRITE_LIMIT = CALL_TIME_LIMITS.write;
/** The check's time limit (else the resend's). */
const checkTimedOut = (step: PathStep | undefined) =>
  isTimeLimit(step) && step?.event.type.endsWith('.checking');

function triesLeft(attempts: number) {
  const left = MAX_TRIES - attempts;
  return `Invalid confirmation code. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
}

/** The script of a path for an account of this kind, or null when the real server cannot answer as it says. */
function scriptFor(path: ModelPath, kind: Kind): Script | null {
  const states = [path.initial, ...path.steps.map((step) => step.state)];
  const before = (index: number) => states[index] as AnyMachineSnapshot;
  const server: ServerState =
    kind === 'signup'
      ? { code: 1, attempts: 0, sent: 'recent', confirmed: false }
      : { code: 0, attempts: 0, sent: 'never', confirmed: false };
  let typed: Typed = { kind: 'none' };
  /** The code the check in flight was sent with. */
  let checked: Typed = typed;
  const steps: StepPlan[] = [];

  /** Whether a check of the code typed at step `index` succeeds later (before the code is replaced). */
  const succeedsLater = (index: number) => {
    for (let next = index + 1; next < path.steps.length; next++) {
      const step = path.steps[next] as PathStep;
      const from = before(next);
      const editable = !inCode(from, 'checking') && !isConfirmed(from);
      if (step.event.type === 'confirm.change' && editable) return false;
      // A new code empties the field (unless a check is under way).
      if (
        isOutcome(step, 'resendCode') &&
        outcomeLabel(step.event) === 'success' &&
        !inCode(from, 'checking')
      )
        return false;
      if (isOutcome(step, 'checkCode') && outcomeLabel(step.event) === 'success') return true;
    }
    return false;
  };

  for (let index = 0; index < path.steps.length; index++) {
    const step = path.steps[index] as PathStep;
    const from = before(index);
    const type = step.event.type;
    const plan: StepPlan = { typed };
    if (type === 'confirm.change') {
      if (!inCode(from, 'checking') && !isConfirmed(from)) {
        const label = labelOf(step);
        if (label === 'cleared') {
          plan.edit = typed.kind === 'none' ? 'letter' : 'clear';
          typed = { kind: 'none' };
        } else if (label === 'partial code') {
          plan.edit = 'replace';
          typed = { kind: 'partial' };
        } else {
          plan.edit = 'replace';
          typed = { kind: 'code', version: server.code, wrong: !succeedsLater(index) };
        }
      }
    } else if (type === 'confirm.submit') {
      if (!inCode(from, 'checking') && inCode(step.state, 'checking')) checked = typed;
    } else if (isOutcome(step, 'checkCode')) {
      const label = outcomeLabel(step.event) ?? '';
      const matches = checked.kind === 'code' && !checked.wrong && checked.version === server.code;
      if (label === 'success') {
        if (server.confirmed || server.code === 0 || server.attempts >= MAX_TRIES || !matches) return null;
        server.confirmed = true;
      } else if (label === 'wrong code') {
        if (server.confirmed || server.code === 0 || server.attempts >= MAX_TRIES - 1 || matches) return null;
        server.attempts += 1;
        plan.message = triesLeft(server.attempts);
      } else if (label === 'too many tries') {
        if (server.confirmed || server.code === 0) return null;
        plan.arrange = { spend: MAX_TRIES - server.attempts };
        server.attempts = MAX_TRIES;
        plan.message = 'Too many wrong codes. Ask for a new code.';
      } else if (label === 'expired') {
        if (server.confirmed || server.code !== 0) return null;
        plan.message = 'No confirmation code is pending. Ask for a new code.';
      } else if (label === 'already confirmed') {
        plan.arrange = 'confirm';
        server.confirmed = true;
      } else if (REFUSED.has(label)) {
        plan.arrange = 'refuse';
        plan.message = 'Inactive user';
      } else return null;
    } else if (isTimeLimit(step)) {
      // The click just before sent the call it ends (with the limit shortened), at a path's end.
      const checks = checkTimedOut(step);
      const click = path.steps[index - 1]?.event.type;
      const sent = checks
        ? click === 'confirm.submit' && !inCode(before(index - 1), 'checking')
        : click === 'confirm.resend' && !inResend(before(index - 1), 'resending');
      if (index !== path.steps.length - 1 || !sent) return null;
      if (checks) plan.message = TIMEOUT_MESSAGE;
    } else if (isOutcome(step, 'resendCode')) {
      const label = outcomeLabel(step.event) ?? '';
      if (label === 'success') {
        if (server.confirmed || server.sent === 'recent') return null;
        Object.assign(server, { code: server.code + 1, attempts: 0, sent: 'recent' });
        if (!inCode(from, 'checking')) typed = { kind: 'none' };
      } else if (label === '429 wait 42 s') {
        if (server.confirmed || server.sent !== 'recent') return null;
      } else if (label === '429 wait 1 s') {
        const next = path.steps[index + 1];
        if (server.confirmed || server.sent !== 'recent' || next?.event.type !== 'confirm.tick') return null;
        plan.arrange = 'lastSecond';
        // The tick that follows ends the server's interval too.
        server.sent = 'lapsed';
      } else if (label === 'already confirmed') {
        plan.arrange = 'confirm';
        server.confirmed = true;
      } else if (REFUSED.has(label)) {
        plan.arrange = 'refuse';
      } else return null;
    }
    plan.typed = typed;
    steps.push(plan);
  }
  return { kind, steps };
}

const scripts = new Map<string, Script | null>();
function script(path: ModelPath): Script | null {
  if (!scripts.has(path.id)) {
    scripts.set(path.id, scriptFor(path, 'signup') ?? scriptFor(path, 'no code'));
  }
  return scripts.get(path.id) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Walking it

interface Ctx {
  account: Account;
  app: ReturnType<typeof renderApp>['app'];
  u: User;
  script: Script;
  gate: RequestGate;
  /** The codes e-mailed to the account, oldest first. */
  codes: string[];
  /** Client time just before the request that sent the newest code. */
  sentAfter: number;
  inactive: boolean;
  /** The countdown's start: the server's answer (or the interval after a code was sent) and when it came. */
  cooldown: { from: number; at: number; sent: boolean } | null;
  toastsBefore: Set<Element>;
}

/** The six-digit code e-mails to `email` in the server's outbox, oldest first. */
function mailedCodes(walk: Walk, email: string): string[] {
  return walk.api
    .outbox()
    .filter((mail) => mail.to.includes(email))
    .map((mail) => /data-confirm-code=(?:3D)?"(\d{6})"/.exec(mail.html)?.[1])
    .filter((code): code is string => Boolean(code));
}

async function waitForCodes(walk: Walk, ctx: Pick<Ctx, 'account' | 'codes'>, count: number) {
  ctx.codes = await vi.waitFor(
    () => {
      const codes = mailedCodes(walk, ctx.account.email);
      if (codes.length < count) throw new Error(`${count} code e-mails expected, ${codes.length} sent`);
      expect(codes).toHaveLength(count);
      return codes;
    },
    { timeout: 10_000 },
  );
}

/** Differs from `code` in every digit. */
const wrongCode = (code: string) => code.replace(/\d/g, (digit) => String((Number(digit) + 5) % 10));

function shown(ctx: Ctx, typed: Typed): string {
  if (typed.kind === 'none') return '';
  if (typed.kind === 'partial') return PARTIAL.replace(/\D/g, '');
  const code = ctx.codes[typed.version - 1];
  if (!code) return '123456'; // no code pending: any six digits are a wrong code
  return typed.wrong ? wrongCode(code) : code;
}

async function newAccount(walk: Walk, kind: Kind): Promise<Account & { sentAfter: number }> {
  const sentAfter = Date.now();
  if (kind === 'signup') return { ...(await createAccount(walk.api, 'confirm')), sentAfter };
  // Created confirmed, then unticked by the admin: unconfirmed, with no code sent yet.
  const account = await createAccount(walk.api, 'confirm', { byAdmin: { is_email_confirmed: true } });
  await adminUpdate(walk.api, account.id, { is_email_confirmed: false });
  return { ...account, sentAfter };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Waits until the server's interval since the last code has one second left: from 58 s after the code
 * was asked for, another device asks for a new code every 100 ms until the server's refusal says 'Please
 * wait 1 seconds'. (Asking earlier cannot renew the code: the interval is not over.)
 */
async function untilLastSecond(walk: Walk, ctx: Ctx) {
  await sleep(ctx.sentAfter + (RESEND_INTERVAL_SECONDS - 2) * 1000 - Date.now());
  for (let tries = 0; tries < 60; tries++) {
    const answer = await walk.api.call<{ detail?: string }>(
      'PATCH',
      '/users/me/resend_confirm_email',
      ctx.account.token,
    );
    expect(answer.status, 'the probe must not renew the code').toBe(429);
    if (/wait 1 seconds/.test(answer.body.detail ?? '')) return;
    await sleep(100);
  }
  throw new Error('the server never said 1 second was left');
}

async function arrange(plan: StepPlan, ctx: Ctx, walk: Walk) {
  const { arrange: what } = plan;
  if (what === 'refuse') {
    await setActive(walk.api, ctx.account.id, false);
    ctx.inactive = true;
  } else if (what === 'confirm') {
    await adminUpdate(walk.api, ctx.account.id, { is_email_confirmed: true });
  } else if (what === 'lastSecond') {
    await untilLastSecond(walk, ctx);
  } else if (what) {
    // Another device spends the tries left with a wrong code.
    const code = ctx.codes.at(-1) as string;
    for (let spent = 0; spent < what.spend; spent++) {
      const answer = await walk.api.call('PATCH', '/users/me/check_confirm_email', ctx.account.token, {
        confirm_code: wrongCode(code),
      });
      expect(answer.status).toBe(400);
    }
  }
}

const notice = (): HTMLElement | null =>
  screen.queryByRole('heading', { name: HEADING })?.closest('section') ?? null;
const field = (box: HTMLElement) => within(box).getByLabelText('Confirmation code') as HTMLInputElement;
/**
 * Confirm (the form's submit button) and Resend code (the one outside the form), by name: busy, a
 * button keeps its name under the spinner and says so with aria-busy.
 */
function button(box: HTMLElement, name: 'Confirm' | 'Resend code'): HTMLButtonElement {
  const form = box.querySelector('form') as HTMLFormElement;
  const element = within(box).getByRole('button', { name }) as HTMLButtonElement;
  expect(form.contains(element)).toBe(name === 'Confirm');
  expect(element.getAttribute('aria-busy') === 'true').toBe(element.hasAttribute('data-loading'));
  return element;
}
const detailOf = (answer: Answer) => (answer.body as { detail?: unknown } | null)?.detail;

const driver: UiDriver<Ctx> = {
  model,
  accepts: (path) => script(path) !== null,
  maxPaths: 24,
  // A path that waits for the server's interval to run down takes a minute.
  timeout: 150_000,
  endsUnmounted: true,
  // The ticker takes the last second by itself: the answer may be overtaken by it before it is seen.
  automatic: (step) => step.event.type === 'confirm.tick' || isTimeLimit(step),
  async setup(path, walk) {
    const planned = script(path);
    if (!planned) throw new Error(`no script for ${path.id}`);
    const gate = new RequestGate({
      checkCode: 'PATCH /users/me/check_confirm_email',
      resendCode: 'PATCH /users/me/resend_confirm_email',
    });
    gate.install();
    // A path that holds the resend until the server's interval runs down holds it past the write limit.
    if (planned.steps.some((step) => step.arrange === 'lastSecond'))
      CALL_TIME_LIMITS.write = 2 * RESEND_INTERVAL_SECONDS * 1000;
    const account = await newAccount(walk, planned.kind);
    const ctx: Ctx = {
      account,
      app: undefined as never,
      u: user(),
      script: planned,
      gate,
      codes: [],
      sentAfter: account.sentAfter,
      inactive: false,
      cooldown: null,
      toastsBefore: toastsOnScreen(),
    };
    await waitForCodes(walk, ctx, planned.kind === 'signup' ? 1 : 0);
    ctx.app = renderApp('/', account.token).app;
    await screen.findByText(`Logged in as: ${account.email}`, {}, { timeout: 10_000 });
    await screen.findByRole('heading', { name: HEADING }, { timeout: 10_000 });
    return ctx;
  },
  teardown(ctx) {
    CALL_TIME_LIMITS.write = WRITE_LIMIT;
    ctx.gate.uninstall();
    ctx.app?.session.stop();
  },
  async act(info, ctx, walk) {
    ctx.toastsBefore = toastsOnScreen();
    const plan = ctx.script.steps[info.index - 1] as StepPlan;
    const { step } = info;
    const type = step.event.type;
    // The held request is never let go: the screen gives up on it.
    if (isTimeLimit(step)) return 'sent';
    if (isTimeLimit(info.next)) CALL_TIME_LIMITS.write = 1_500;
    for (const operation of ['checkCode', 'resendCode']) {
      if (!isOutcome(step, operation)) continue;
      expect(ctx.gate.waiting(operation), `a ${operation} request is held`).toBe(1);
      await arrange(plan, ctx, walk);
      const released = Date.now();
      const answer = await ctx.gate.release(operation);
      if (operation === 'resendCode') {
        if (answer.status === 200) {
          ctx.sentAfter = released;
          ctx.cooldown = { from: RESEND_INTERVAL_SECONDS, at: answer.at, sent: true };
        } else if (answer.status === 429) {
          const seconds = Number(answer.retryAfter);
          expect(detailOf(answer)).toBe(`Please wait ${seconds} seconds before asking for a new code.`);
          ctx.cooldown = { from: seconds, at: answer.at, sent: false };
        }
      }
      return 'sent';
    }
    const box = notice();
    if (!box) {
      // The address is confirmed: the notice is gone, with every control of it.
      expect(isConfirmed(info.before)).toBe(true);
      return 'blocked';
    }
    if (type === 'confirm.submit') return clickOrBlocked(ctx.u, button(box, 'Confirm'));
    if (type === 'confirm.resend') return clickOrBlocked(ctx.u, button(box, 'Resend code'));
    if (type === 'confirm.tick') {
      const seconds = () => {
        const text = within(box).queryByTestId('resend-cooldown')?.textContent ?? '';
        return /in (\d+) seconds?/.exec(text)?.[1];
      };
      const start = seconds();
      expect(start, 'a countdown is shown').toBeDefined();
      await waitFor(() => expect(seconds()).not.toBe(start), { timeout: 3_000 });
      return 'sent';
    }
    if (type === 'confirm.change') {
      const input = field(box);
      if (input.readOnly || !plan.edit) {
        expect(input.readOnly).toBe(true);
        return 'blocked';
      }
      if (plan.edit === 'clear') await ctx.u.clear(input);
      else if (plan.edit === 'letter') await ctx.u.type(input, 'x');
      else {
        // The field's text selected and replaced in one edit.
        await ctx.u.tripleClick(input);
        await ctx.u.paste(plan.typed.kind === 'partial' ? PARTIAL : shown(ctx, plan.typed));
      }
      return 'sent';
    }
    throw new Error(`confirmEmail: no user action for ${type}`);
  },
  async afterStep(_info, ctx, walk) {
    if (!ctx.inactive) return;
    await setActive(walk.api, ctx.account.id, true);
    ctx.inactive = false;
  },
  async see(expected, ctx, walk, info: StepInfo | undefined) {
    const plan = info ? (ctx.script.steps[info.index - 1] as StepPlan) : { typed: { kind: 'none' } as Typed };
    const step = info?.step;
    if (step && isOutcome(step, 'resendCode') && outcomeLabel(step.event) === 'success') {
      await newToast(
        ctx.toastsBefore,
        'Email sent.',
        `We sent a new confirmation code to ${ctx.account.email}.`,
      );
      await waitForCodes(walk, ctx, ctx.codes.length + 1);
    }
    if (isConfirmed(expected)) {
      if (step && (isOutcome(step, 'checkCode') || isOutcome(step, 'resendCode'))) {
        await newToast(ctx.toastsBefore, 'Success!', CONFIRMED_TOAST);
      }
      await waitFor(() => expect(notice()).toBeNull(), { timeout: 10_000 });
      const me = await walk.api.call<{ is_email_confirmed: boolean }>('GET', '/users/me', ctx.account.token);
      expect(me.body.is_email_confirmed).toBe(true);
      return;
    }
    const box = notice() as HTMLElement;
    expect(box, 'the notice').not.toBeNull();
    expect(within(box).getByText(ctx.account.email)).toBeTruthy();
    const form = box.querySelector('form') as HTMLFormElement;
    const input = field(box);
    const checking = inCode(expected, 'checking');
    await waitFor(() => expect(input.value).toBe(shown(ctx, plan.typed)));
    expect(input.readOnly).toBe(checking);

    // Confirm: offered with six digits, and again after a refusal; busy while the code is checked.
    const confirm = button(box, 'Confirm');
    const complete = plan.typed.kind === 'code';
    const offered = (inCode(expected, 'entering') && complete) || inCode(expected, 'wrong');
    expect(confirm.disabled).toBe(!offered);
    expect(confirm.hasAttribute('data-loading')).toBe(checking);
    const problem = within(form).queryByRole('alert');
    if (inCode(expected, 'wrong') || inCode(expected, 'expired')) {
      // The server's words, as it answered this check.
      const answer = ctx.gate.answers.filter((a) => a.operation === 'checkCode').at(-1) as Answer;
      if (checkTimedOut(step)) expect(problem?.textContent).toBe(plan.message);
      else expect(problem?.textContent).toBe(detailOf(answer));
      if (step && isOutcome(step, 'checkCode')) expect(problem?.textContent).toBe(plan.message);
    } else expect(problem).toBeNull();

    // Resend code: offered when ready or after a failure; busy while asked; cooling down with the seconds left.
    const resend = button(box, 'Resend code');
    expect(resend.disabled).toBe(!(inResend(expected, 'ready') || inResend(expected, 'failed')));
    expect(resend.hasAttribute('data-loading')).toBe(inResend(expected, 'resending'));
    const countdown = within(box).queryByTestId('resend-cooldown');
    if (inResend(expected, 'coolingDown')) {
      const cooldown = ctx.cooldown as NonNullable<Ctx['cooldown']>;
      const text = countdown?.textContent ?? '';
      const match = /^(A new code is on its way\. )?You can ask for another code in (\d+) (seconds?)\.$/.exec(
        text,
      );
      expect(match, text).not.toBeNull();
      const [, onItsWay, count, unit] = match as RegExpExecArray;
      const seconds = Number(count);
      expect(Boolean(onItsWay)).toBe(cooldown.sent);
      expect(unit).toBe(seconds === 1 ? 'second' : 'seconds');
      // Counted down from the server's answer, one a second.
      const elapsed = Math.ceil((Date.now() - cooldown.at) / 1000);
      expect(seconds).toBeLessThanOrEqual(cooldown.from);
      expect(seconds).toBeGreaterThanOrEqual(cooldown.from - elapsed - 1);
      // The model tells the last second from the rest.
      expect(seconds === 1).toBe((expected.context as { cooldown: number }).cooldown <= 1);
    } else expect(countdown).toBeNull();
    const failure = [...box.querySelectorAll('[role="alert"]')].filter((alert) => !form.contains(alert));
    if (inResend(expected, 'failed')) {
      const said = isTimeLimit(step) && !checkTimedOut(step) ? TIMEOUT_MESSAGE : 'Inactive user';
      expect(failure.map((alert) => alert.textContent)).toEqual([said]);
    } else expect(failure).toEqual([]);
  },
};

await describeUiWalk(driver);
