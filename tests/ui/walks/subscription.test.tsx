import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CALL_TIME_LIMITS, TIMEOUT_MESSAGE } from '../../../src/api/errors';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type ModelPath, stateLabel } from '../../../src/qa/statecharts/paths';
import { renderApp } from '../harness';
import { describeUiWalk, type StepInfo, type UiDriver, type Walk } from './runner';
import {
  type Account,
  buttonIn,
  clickOrBlocked,
  createAccount,
  isOutcome,
  outcomeLabel,
  setActive,
  type User,
  user,
} from './support';

/**
 * The subscription plan on /settings (My profile): 'Switch to …' opens 'Change subscription plan',
 * Confirm saves, Cancel closes. The save's outcome is the real server's answer: success, or
 * '400 detail' — the admin deactivated the account just before Confirm ('Inactive user') and
 * reactivates it once the failure shows. A save never answered: the walk holds it and shortens the
 * write time limit for that one Confirm, so the `after` edge is taken in a second.
 */

const model = modelByName('subscription');
if (!model) throw new Error('no subscription model');
const session = modelByName('session');

const TITLE = 'Change subscription plan';
const REALISED = new Set(['success', '400 detail']);
const WRITE_LIMIT = CALL_TIME_LIMITS.write;
const isTimeLimit = (step: { event: { type: string } } | undefined) =>
  step?.event.type.startsWith('xstate.after.') ?? false;

interface Ctx {
  account: Account;
  app: ReturnType<typeof renderApp>['app'];
  u: User;
  inactive: boolean;
}

const dialog = () => screen.queryByRole('dialog', { name: TITLE });
/** Confirm: the dialog's button that is neither Cancel nor Close (while saving, a spinner replaces its label). */
const confirmButton = (box: HTMLElement) =>
  within(box)
    .getAllByRole('button')
    .find(
      (button) =>
        !['Cancel', 'Close'].includes(button.getAttribute('aria-label') ?? button.textContent ?? ''),
    ) as HTMLButtonElement;

const driver: UiDriver<Ctx> = {
  model,
  accepts: (path: ModelPath) =>
    path.steps.every((step) => !isOutcome(step, 'save') || REALISED.has(outcomeLabel(step.event) ?? '')),
  held: (label) => label === 'saving',
  automatic: isTimeLimit,
  // The time limit runs out with the save held.
  resumeFor: (info) => !isTimeLimit(info.step),
  async setup(_path, walk: Walk) {
    const account = await createAccount(walk.api, 'plan');
    const app = renderApp('/settings', account.token).app;
    await screen.findByText(`Logged in as: ${account.email}`, {}, { timeout: 10_000 });
    await screen.findByText('Current plan:', { exact: false }, { timeout: 10_000 });
    return { account, app, u: user(), inactive: false };
  },
  teardown: (ctx) => {
    CALL_TIME_LIMITS.write = WRITE_LIMIT;
    ctx.app.session.stop();
  },
  async act(info: StepInfo, ctx, walk) {
    const from = stateLabel(info.before);
    const type = info.step.event.type;
    if (isOutcome(info.step, 'save') || isTimeLimit(info.step)) return 'sent';
    if (type === 'plan.choose') {
      if (from !== 'viewing') return 'blocked';
      const choices = await screen.findAllByRole('button', { name: /^Switch to / });
      await ctx.u.click(choices[0] as HTMLElement);
      return 'sent';
    }
    const box = dialog();
    if (!box) {
      expect(from).toBe('viewing');
      return 'blocked';
    }
    if (type === 'plan.cancel') return clickOrBlocked(ctx.u, buttonIn(box, 'Cancel'));
    if (type === 'plan.confirm') {
      const failing = isOutcome(info.next, 'save') && outcomeLabel(info.next?.event) === '400 detail';
      if (failing !== ctx.inactive) {
        await setActive(walk.api, ctx.account.id, !failing);
        ctx.inactive = failing;
      }
      if (isTimeLimit(info.next)) CALL_TIME_LIMITS.write = 1_500;
      return clickOrBlocked(ctx.u, confirmButton(box));
    }
    throw new Error(`subscription: no user action for ${type}`);
  },
  async afterStep(info, ctx, walk) {
    if (isTimeLimit(info.step)) CALL_TIME_LIMITS.write = WRITE_LIMIT;
    if (isOutcome(info.step, 'save') && ctx.inactive) {
      await setActive(walk.api, ctx.account.id, true);
      ctx.inactive = false;
    }
  },
  async see(expected: AnyMachineSnapshot, _ctx, _walk, info) {
    const label = stateLabel(expected);
    const outcome = info && isOutcome(info.step, 'save') ? outcomeLabel(info.step.event) : undefined;
    if (label === 'viewing') {
      await waitFor(() => expect(dialog()).toBeNull());
      if (outcome === 'success') {
        expect(await screen.findByText(/^Your plan is now Plan \d\.$/, {}, { timeout: 10_000 })).toBeTruthy();
      }
      return;
    }
    const box = await waitFor(() => {
      const found = dialog();
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(within(box).getByText(/^Switch your plan from/)).toBeTruthy();
    const confirm = confirmButton(box);
    const cancel = buttonIn(box, 'Cancel');
    if (label === 'saving') {
      expect(confirm.getAttribute('data-loading')).not.toBeNull();
      expect(cancel.disabled).toBe(true);
      return;
    }
    expect(confirm.getAttribute('data-loading')).toBeNull();
    expect(confirm.textContent).toContain('Confirm');
    expect(cancel.disabled).toBe(false);
    if (label === 'failed') {
      const said = isTimeLimit(info?.step) ? TIMEOUT_MESSAGE : 'Inactive user';
      expect(await screen.findByText(said, {}, { timeout: 10_000 })).toBeTruthy();
    }
  },
};

await describeUiWalk(driver, session ? [session] : []);
