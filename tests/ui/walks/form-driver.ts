import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CALL_TIME_LIMITS } from '../../../src/api/errors';
import { type FormContext, fieldError } from '../../../src/machines/form';
import { modelByName } from '../../../src/qa/statecharts/models';
import { type ModelPath, stateLabel } from '../../../src/qa/statecharts/paths';
import { chooseMenuItem, renderApp } from '../harness';
import type { StepInfo, UiDriver, Walk } from './runner';
import {
  type Account,
  blurField,
  clickOrBlocked,
  createAccount,
  fieldValue,
  isOutcome,
  newToast,
  outcomeLabel,
  setActive,
  setField,
  toastsOnScreen,
  type User,
  user,
} from './support';

/**
 * Form dialogs (Add/Edit Item, Add/Edit User, Change Password), delete confirmations and the profile,
 * walked through their real screens. Each model event is a user action: `modal.open` the screen's
 * opener (a button, or a row's actions menu), `modal.close`/`profile.cancel` Cancel, `form.change` an
 * edit of the form's first field, `form.blur` leaving it, `form.set` editing several fields (valid,
 * invalid, or back to the values the form opened with), `form.submit` Save (Delete, Confirm). A control
 * the state does not offer (disabled Save, no dialog) is a `blocked` step.
 * The submit's outcome is the real server's answer: success, or '400 detail' — the admin deactivated
 * the signed-in account just before Save ('Inactive user'), and reactivates it once the failure shows.
 */

export type Values = Record<string, string>;

/**
 * A walked form's screen. `V` is the form's values: its `fields` name every field of the form (a field
 * left out does not compile), and each step checks that every one of them is on screen.
 */
export interface FormScreen<V = Record<string, unknown>> {
  machine: string;
  kind: 'modal' | 'toggle' | 'confirm' | 'page';
  /** The screen's URL (a function when it needs the account, e.g. a reset link's token). */
  route: string | ((walk: Walk, account: Account) => Promise<string>);
  /** A public page: rendered signed out (the account still exists, e.g. to log in as). */
  signedOut?: boolean;
  superuser?: boolean;
  /** Dialog title (modal, confirm). */
  title?: string;
  /** Records the screen needs (items or users to edit or delete). */
  seed?(walk: Walk, account: Account): Promise<void>;
  /** What the user does on arrival before the form's screen exists (e.g. choose its tab). */
  arrive?(u: User): Promise<void>;
  /** The user action that opens the form. */
  /** The user action that opens the form (not for page forms). */
  open?(u: User): Promise<void>;
  /** Field name → its accessible label: every field of the form. */
  fields?: { readonly [K in keyof V & string]: RegExp };
  /** The field `form.change`/`form.blur` act on, and the value that breaks a rule. */
  first?: [keyof V & string, string];
  valid?: (account: Account) => Values;
  invalid?: Values;
  submitLabel?: string;
  /** The dialog's role (default: 'alertdialog' for a confirmation, else 'dialog'). */
  role?: 'dialog' | 'alertdialog';
  /** The question a confirmation asks (a part of its text). */
  question?: RegExp;
  /** Success leaves the screen (the account is gone): only paths that end with it can be walked. */
  successEnds?: boolean;
  /** Page forms that navigate on success: what the user sees where they land. */
  landed?: () => Promise<void>;
  /** Arranges that the server refuses the next submit (default: the admin deactivates the account). */
  refuse?: (walk: Walk, account: Account, values: Values) => Promise<void>;
  /** Undoes `refuse` once the failure shows (default: the admin reactivates the account). */
  accept?: (walk: Walk, account: Account) => Promise<void>;
  /** After a success the screen stays on: what changed for the account (e.g. its password). */
  succeeded?: (account: Account, values: Values) => void;
  /** The toast of a success: title, description. */
  success: [string, string];
  /** The toast of a failure: title, description (with `failureInline`, the text shown in the form). */
  failure: [string, string | RegExp];
  /** The failure is shown in the form, not as a toast (the login page). */
  failureInline?: boolean;
  /** Paths this screen can realise beyond the outcome rule (e.g. no success after a refusal it cannot undo). */
  realisable?: (path: ModelPath) => boolean;
}

interface Ctx {
  account: Account;
  app: ReturnType<typeof renderApp>['app'];
  u: User;
  inactive: boolean;
  /** The values of the last Save (page forms may clear them on success). */
  submitted: Values;
  /** The toasts on screen before the step's action: a toast of the step must be a new one. */
  toastsBefore: Set<Element>;
}

const REALISED = new Set(['success', '400 detail']);

/**
 * A call that is never answered: the walk holds it and shortens the write time limit (a setting,
 * CALL_TIME_LIMITS) for that one submit, so the `after` edge is taken in a second, not in 30.
 */
const WRITE_LIMIT = CALL_TIME_LIMITS.write;
const WALK_WRITE_LIMIT = 1_500;
const TIMEOUT_TEXT = 'The server did not answer in time. Try again.';
const isTimeLimit = (step: { event: { type: string } } | undefined) =>
  step?.event.type.startsWith('xstate.after.') ?? false;

/** The first enabled row actions menu trigger, then an entry of it. */
export async function openRowMenu(u: User, entry: string): Promise<void> {
  await waitFor(
    () =>
      expect(
        screen
          .getAllByRole('button', { name: /^Actions for / })
          .some((b) => !(b as HTMLButtonElement).disabled),
      ).toBe(true),
    { timeout: 10_000 },
  );
  const trigger = screen
    .getAllByRole('button', { name: /^Actions for / })
    .find((button) => !(button as HTMLButtonElement).disabled) as HTMLElement;
  await chooseMenuItem(u, trigger, entry);
}

/** The values type `V` is given, not inferred: the walk's `fields` are checked against the form's values. */
export function formDriver<V = Record<string, unknown>>(spec: FormScreen<NoInfer<V>>): UiDriver<Ctx> {
  const screenSpec = spec as FormScreen;
  const fields = (screenSpec.fields ?? {}) as Record<string, RegExp>;
  const model = modelByName(screenSpec.machine);
  if (!model) throw new Error(`no model ${screenSpec.machine}`);
  const { kind } = screenSpec;
  const role = screenSpec.role ?? (kind === 'confirm' ? 'alertdialog' : 'dialog');
  const submitLabel = screenSpec.submitLabel ?? 'Save';
  const closedLabel = kind === 'toggle' ? 'viewing' : 'closed';

  const container = (): HTMLElement => {
    if (kind === 'page') {
      // The form that holds the first field (a settings page has several forms).
      const [first] = Object.values(fields);
      const form = first ? screen.getByLabelText(first).closest('form') : null;
      if (!form) throw new Error(`${screenSpec.machine}: no form on the page`);
      return form;
    }
    return kind === 'toggle'
      ? (screen.getByRole('button', { name: 'Cancel' }).closest('form') as HTMLElement)
      : screen.getByRole(role, { name: screenSpec.title });
  };
  const isClosed = (label: string) => kind !== 'page' && label === closedLabel;
  const refuse =
    screenSpec.refuse ?? ((walk: Walk, account: Account) => setActive(walk.api, account.id, false));
  const accept =
    screenSpec.accept ?? ((walk: Walk, account: Account) => setActive(walk.api, account.id, true));
  const field = (name: string) => within(container()).getByLabelText(fields[name] as RegExp);

  const realContext = (walk: Walk) => walk.tracker.snapshot(model.name)?.context as FormContext | undefined;

  async function fill(ctx: Ctx, values: Values) {
    const names = Object.keys(values);
    const unchanged = names.every((name) => fieldValue(field(name)) === values[name]);
    if (unchanged && names[0]) {
      // Nothing would change: edit and restore, so that the form does see the edit.
      await setField(ctx.u, field(names[0]), `${values[names[0]]}x`);
    }
    for (const name of names) await setField(ctx.u, field(name), values[name] as string);
  }

  async function arrange(info: StepInfo, ctx: Ctx, walk: Walk) {
    if (!isOutcome(info.next, 'submit')) return;
    const label = outcomeLabel(info.next?.event);
    const inactive = label === '400 detail';
    if (inactive === ctx.inactive) return;
    if (inactive) {
      const values = (realContext(walk)?.values ?? {}) as Record<string, unknown>;
      await refuse(
        walk,
        ctx.account,
        Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
      );
    } else await accept(walk, ctx.account);
    ctx.inactive = inactive;
  }

  return {
    model,
    maxPaths: 16,
    accepts: (path: ModelPath) =>
      (screenSpec.realisable?.(path) ?? true) &&
      path.steps.every(
        (step, index) =>
          !isOutcome(step, 'submit') ||
          (REALISED.has(outcomeLabel(step.event) ?? '') &&
            !(
              screenSpec.successEnds &&
              outcomeLabel(step.event) === 'success' &&
              index < path.steps.length - 1
            )),
      ),
    held: (label) => label.endsWith('submitting'),
    // The time limit passes by itself: the app may be past `submitting` by the time the walk looks.
    automatic: isTimeLimit,
    // A user action while the call is held (Cancel during Save) must meet the held call, not its answer.
    resumeFor: (info) => !(stateLabel(info.before).endsWith('submitting') && !isOutcome(info.step, 'submit')),
    async setup(_path, walk) {
      const account = await createAccount(walk.api, screenSpec.machine, { superuser: screenSpec.superuser });
      await screenSpec.seed?.(walk, account);
      const route =
        typeof screenSpec.route === 'string' ? screenSpec.route : await screenSpec.route(walk, account);
      const app = renderApp(route, screenSpec.signedOut ? undefined : account.token).app;
      if (screenSpec.signedOut) await waitFor(() => container(), { timeout: 10_000 });
      else await screen.findByText(`Logged in as: ${account.email}`, {}, { timeout: 10_000 });
      const u = user();
      await screenSpec.arrive?.(u);
      return { account, app, u, inactive: false, submitted: {}, toastsBefore: toastsOnScreen() };
    },
    teardown: (ctx) => {
      CALL_TIME_LIMITS.write = WRITE_LIMIT;
      ctx.app.session.stop();
    },
    async act(info, ctx, walk) {
      ctx.toastsBefore = toastsOnScreen();
      const from = stateLabel(info.before);
      const type = info.step.event.type;
      if (type === 'modal.open' || type === 'profile.edit') {
        if (!isClosed(from)) return 'blocked';
        await screenSpec.open?.(ctx.u);
        return 'sent';
      }
      if (isOutcome(info.step, 'submit')) return 'sent';
      if (isTimeLimit(info.step)) return 'sent';
      if (isClosed(from)) {
        // No form on screen: nothing to type, leave, save or cancel.
        if (kind === 'toggle') expect(screen.queryByRole('button', { name: submitLabel })).toBeNull();
        else expect(screen.queryByRole(role, { name: screenSpec.title })).toBeNull();
        return 'blocked';
      }
      if (type === 'modal.close' || type === 'profile.cancel') {
        return clickOrBlocked(ctx.u, within(container()).getByRole('button', { name: 'Cancel' }));
      }
      if (type === 'form.submit') {
        await arrange(info, ctx, walk);
        const values = realContext(walk)?.values ?? {};
        ctx.submitted = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
        if (isTimeLimit(info.next)) CALL_TIME_LIMITS.write = WALK_WRITE_LIMIT;
        return clickOrBlocked(ctx.u, container().querySelector('button[type="submit"]') as HTMLElement);
      }
      const [first, bad] = screenSpec.first ?? ['', ''];
      if (type === 'form.change') {
        await fill(ctx, { [first]: bad });
        return 'sent';
      }
      if (type === 'form.blur') {
        await blurField(ctx.u, field(first));
        return 'sent';
      }
      if (type === 'form.set') {
        const label = info.step.label;
        if (label.includes('valid input') && !label.includes('invalid'))
          await fill(ctx, screenSpec.valid?.(ctx.account) ?? {});
        else if (label.includes('invalid input')) await fill(ctx, screenSpec.invalid ?? {});
        else {
          const initial = realContext(walk)?.initial ?? {};
          const opened: Values = {};
          for (const name of Object.keys(fields)) opened[name] = String(initial[name] ?? '');
          await fill(ctx, opened);
        }
        return 'sent';
      }
      throw new Error(`${model.name}: no user action for ${type}`);
    },
    async afterStep(info, ctx, walk) {
      if (isTimeLimit(info.step)) CALL_TIME_LIMITS.write = WRITE_LIMIT;
      if (isOutcome(info.step, 'submit') && ctx.inactive) {
        await accept(walk, ctx.account);
        ctx.inactive = false;
      }
      if (isOutcome(info.step, 'submit') && outcomeLabel(info.step.event) === 'success') {
        screenSpec.succeeded?.(ctx.account, ctx.submitted);
      }
    },
    async see(expected: AnyMachineSnapshot, ctx, walk, info) {
      const label = stateLabel(expected);
      const outcome = info ? outcomeLabel(info.step.event) : undefined;
      if (kind === 'page' && expected.status === 'done') {
        // The page navigated away on success.
        await screenSpec.landed?.();
        return;
      }
      if (isClosed(label)) {
        if (kind === 'toggle') {
          expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
          expect(screen.queryByRole('button', { name: submitLabel })).toBeNull();
        } else {
          await waitFor(() => expect(screen.queryByRole(role, { name: screenSpec.title })).toBeNull());
        }
        if (outcome === 'success') await newToast(ctx.toastsBefore, ...screenSpec.success);
        return;
      }
      const box = await waitFor(() => container());
      // Save (Delete, Confirm) is the form's submit button; busy, it keeps its name under the spinner.
      const save = box.querySelector('button[type="submit"]') as HTMLButtonElement;
      expect(save).not.toBeNull();
      expect(within(box).getAllByRole('button', { name: submitLabel })).toContain(save);
      const cancel =
        kind === 'page'
          ? undefined
          : (within(box).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement);
      if (label.endsWith('submitting')) {
        expect(save.getAttribute('data-loading')).not.toBeNull();
        expect(save.getAttribute('aria-busy')).toBe('true');
        if (cancel) expect(cancel.disabled).toBe(true);
        return;
      }
      expect(save.getAttribute('data-loading')).toBeNull();
      if (cancel) expect(cancel.disabled).toBe(false);
      if (label === 'succeeded' && outcome === 'success') {
        await newToast(ctx.toastsBefore, ...screenSpec.success);
      }
      if (label.endsWith('failed') && isTimeLimit(info?.step)) {
        // Unanswered: the form says so (inline or in its toast; a confirmation whose failure the spec
        // words, e.g. 'An error occurred while deleting the item.', says that) and can be sent again.
        const told = kind === 'confirm' ? [TIMEOUT_TEXT, screenSpec.failure[1]] : [TIMEOUT_TEXT];
        await waitFor(() => expect(told.some((text) => screen.queryAllByText(text).length > 0)).toBe(true), {
          timeout: 10_000,
        });
        expect(save.disabled).toBe(false);
        return;
      }
      if (label.endsWith('failed')) {
        if (screenSpec.failureInline)
          expect(await within(box).findByText(screenSpec.failure[1])).toBeTruthy();
        // Entered by this step's outcome: its toast is new (a failed form edited back stays failed).
        else if (outcome) await newToast(ctx.toastsBefore, ...screenSpec.failure);
        expect(save.disabled).toBe(false);
        return;
      }
      if (kind === 'confirm') {
        expect(save.disabled).toBe(false);
        if (!screenSpec.question) throw new Error(`${model.name}: a confirmation names its question`);
        expect(within(box).getByText(screenSpec.question)).toBeTruthy();
        return;
      }
      // Fields: Save is disabled only when blocked; the errors shown are the ones the form makes visible.
      expect(save.disabled).toBe(label.endsWith('blocked'));
      const context = realContext(walk);
      for (const name of Object.keys(fields)) {
        const message = context ? fieldError(context, name) : undefined;
        const input = field(name);
        const fieldRoot = input.closest('[data-part="root"]') as HTMLElement;
        const shown = errorShown(fieldRoot);
        if (message) expect(shown, `${name}: the error shown`).toBe(message);
        else expect(shown ?? '', `${name}: no error shown`).toBe('');
      }
      if (label.endsWith('valid') && !label.endsWith('invalid')) {
        expect(within(box).queryAllByText(/is required|must be|do not match/)).toHaveLength(0);
      }
    },
  };
}

/** A field's error as shown. */
const errorShown = (fieldRoot: HTMLElement | null): string | undefined =>
  fieldRoot?.querySelector('[data-part="error-text"]')?.textContent ?? undefined;
