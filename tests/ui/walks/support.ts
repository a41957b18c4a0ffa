import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { eventLabel } from '../../../src/qa/statecharts/model-kit';
import type { ModelPath, PathStep } from '../../../src/qa/statecharts/paths';
import type { Api } from '../harness';

/** Helpers shared by the UI walks. */

export type User = ReturnType<typeof userEvent.setup>;

export const user = (): User => userEvent.setup();

let serial = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++serial}@example.com`;

const adminTokens = new WeakMap<Api, string>();
/** The built-in superuser's token (the 'other admin' who changes things behind the screen's back). */
export async function adminToken(api: Api): Promise<string> {
  const known = adminTokens.get(api);
  if (known) return known;
  const token = await api.login(api.superuser.email, api.superuser.password);
  adminTokens.set(api, token);
  return token;
}

export interface Account {
  id: string;
  email: string;
  password: string;
  fullName: string;
  token: string;
}

/** A fresh account through the API (signup, or created by the admin as a superuser), logged in. */
export async function createAccount(
  api: Api,
  prefix: string,
  /** `superuser`, or other fields of POST /users/: the admin creates the account instead of a signup. */
  options: { superuser?: boolean; byAdmin?: Record<string, unknown> } = {},
): Promise<Account> {
  const email = uniqueEmail(prefix);
  const password = 'password-123';
  const fullName = `${prefix} walker`;
  const byAdmin = options.superuser ? { is_superuser: true, is_active: true } : options.byAdmin;
  const created = byAdmin
    ? await api.call<{ id: string }>('POST', '/users/', await adminToken(api), {
        email,
        password,
        full_name: fullName,
        ...byAdmin,
      })
    : await api.call<{ id: string }>('POST', '/users/signup', undefined, {
        email,
        password,
        full_name: fullName,
      });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.id, email, password, fullName, token: await api.login(email, password) };
}

/** The admin (de)activates an account: an inactive user's calls are answered 400 'Inactive user'. */
export async function setActive(api: Api, id: string, active: boolean): Promise<void> {
  await adminUpdate(api, id, { is_active: active });
}

/** The admin changes a user (PATCH /users/{id}). */
export async function adminUpdate(api: Api, id: string, fields: Record<string, unknown>): Promise<void> {
  const answer = await api.call('PATCH', `/users/${id}`, await adminToken(api), fields);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The admin deletes an account: its calls are answered 404 'User not found'. */
export async function deleteAccount(api: Api, id: string): Promise<void> {
  const answer = await api.call('DELETE', `/users/${id}`, await adminToken(api));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The label of an outcome event: `success`, `400 detail`, `404`, … (undefined for other events). */
export function outcomeLabel(event: AnyEventObject | undefined): string | undefined {
  if (!event || !/^xstate\.(done|error)\.actor\./.test(event.type)) return undefined;
  return /\(([^)]*)\)$/.exec(eventLabel(event))?.[1];
}

/** Every outcome label a path uses for the given actor. */
export function outcomesOf(path: ModelPath, actorId: string): string[] {
  return path.steps
    .filter((step) => step.event.type.endsWith(`.actor.${actorId}`))
    .map((step) => outcomeLabel(step.event) ?? '');
}

export const isOutcome = (step: PathStep | undefined, actorId: string) =>
  Boolean(
    step && /^xstate\.(done|error)\.actor\./.test(step.event.type) && step.event.type.endsWith(`.${actorId}`),
  );

/** Clicks a button, or (when the state does not offer it) asserts it is disabled: 'blocked'. */
export async function clickOrBlocked(u: User, button: HTMLElement): Promise<'sent' | 'blocked'> {
  if ((button as HTMLButtonElement).disabled) {
    await u.click(button).catch(() => {});
    return 'blocked';
  }
  await u.click(button);
  return 'sent';
}

/** A field's value as the walks write it: a checkbox's 'true' or 'false', any other field's text. */
export const fieldValue = (input: HTMLElement): string => {
  const field = input as HTMLInputElement;
  return field.type === 'checkbox' ? String(field.checked) : field.value;
};

/**
 * Gives a field `value`: a checkbox is clicked when it is not in that state ('true', 'false'), a select
 * chooses that option, a text field is cleared (if needed) and the new text pasted in one edit.
 */
export async function setField(u: User, input: HTMLElement, value: string): Promise<void> {
  const field = input as HTMLInputElement;
  if (fieldValue(field) === value) return;
  if (field.type === 'checkbox') return u.click(field);
  if (input instanceof HTMLSelectElement) return u.selectOptions(input, value);
  if (field.value !== '') await u.clear(field);
  if (value === '') return;
  await u.click(field);
  await u.paste(value);
}

/** Leaves a field (form.blur). */
export async function blurField(u: User, input: HTMLElement): Promise<void> {
  act(() => input.focus());
  await u.tab();
}

/** The toasts on screen now: taken before an action, so that `newToast` can tell its toast from older ones. */
export function toastsOnScreen(): Set<Element> {
  return new Set(document.querySelectorAll('[data-scope="toast"][data-part="root"]'));
}

/**
 * Waits for a toast that was not on screen in `before` (taken before the action), with this title and
 * description: an older toast with the same text (the previous Save's) does not answer for this one.
 */
export async function newToast(before: Set<Element>, title: string, description: string | RegExp) {
  const matches = (text: string | null, expected: string | RegExp) =>
    typeof expected === 'string' ? text?.trim() === expected : expected.test(text?.trim() ?? '');
  return waitFor(
    () => {
      const fresh = [...toastsOnScreen()].filter((toast) => !before.has(toast));
      const found = fresh.find(
        (toast) =>
          matches(toast.querySelector('[data-part="title"]')?.textContent ?? null, title) &&
          matches(toast.querySelector('[data-part="description"]')?.textContent ?? null, description),
      );
      expect(found, `a new toast '${title}: ${description}'`).toBeDefined();
      return found as Element;
    },
    { timeout: 10_000 },
  );
}

export async function expectNoDialog(name: string) {
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
}

export function buttonIn(container: HTMLElement, name: string): HTMLButtonElement {
  return within(container).getByRole('button', { name }) as HTMLButtonElement;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field found by its label's start (a required field's label ends with its '*' mark). */
export const labelledBy = (label: string) => new RegExp(`^${literal(label)}`);
/** A form's fields found by their labels (a descriptor's or a declaration's). */
export const labelled = <K extends string>(labels: { readonly [N in K]: string }) =>
  Object.fromEntries(Object.entries<string>(labels).map(([name, label]) => [name, labelledBy(label)])) as {
    readonly [N in K]: RegExp;
  };
