import type { BrowserContext, Page, Route } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import type { ApiError } from '../../src/api/api-error';
import { isApiError } from '../../src/api/errors';
import { TOKEN_KEY } from '../../src/api/token';
import { INSPECTOR_CHANNEL } from '../../src/qa/statecharts/inspector/protocol';
import { eventLabel, type MachineModel } from '../../src/qa/statecharts/model-kit';
import { type ModelPath, type PathStep, stateKey, stateLabel } from '../../src/qa/statecharts/paths';
import { walkPath } from '../../src/qa/statecharts/walk';
import { E2E } from './env.ts';
import { apiCall, apiToken, expect, newAccount, test } from './fixtures.ts';

/**
 * Generated walks in Chromium (tests/e2e/generated-walks.spec.ts): the shortest paths
 * src/qa/statecharts/paths.ts generates from a machine's model (the ones tests/model walks on a bare actor
 * and tests/ui/walks drives through jsdom) are driven through the built app against the e2e server.
 *
 * Per step a driver does what a user (or the server) does to produce the step's event, then the walk
 * checks that the app's own actor is in the state the path predicts and took the expected event, and
 * the driver asserts what the user sees in that state.
 *
 * The app's actors are followed through the live inspector's channel (src/qa/statecharts/inspector): an
 * init script plays a /statecharts viewer inside the tab, says hello when the app starts and records
 * every snapshot the tab's root actors report (machine, state value, status, the event that led there).
 *
 * Calls whose answer is a step of the path (the current user's load, the login request) are held in the
 * browser (`page.route`) from the moment they are made until the path's outcome step releases them: so
 * `signedIn.loading` and `submitting` stay on screen to be asserted, and the outcome is the path's. An
 * outcome the real server can give is the real server's answer (checked to be the one the spec names);
 * one it never gives on that call (a 409 on /users/me) is answered in the browser's network layer with
 * the model's own error, the body as the server would send it; a network failure is an aborted request.
 */

/** Poll intervals (ms) for what the walk waits on: a step's state usually settles within one frame. */
export const POLL = [20, 50, 100, 200];

// ---------------------------------------------------------------------------------------------------
// The app's actors, as the inspector channel reports them

interface Seen {
  /** The actor's session id within the tab. */
  id: string;
  machine: string;
  value: StateValue | null;
  status: string;
  /** The event that led to this snapshot ('' for the state an actor had when the recorder connected). */
  event: string;
}

declare global {
  interface Window {
    __walk?: { tab: string | null; seen: Seen[] };
  }
}

/** Plays a /statecharts viewer in the tab (runs before the app's own scripts). */
function recordActors(channelName: string) {
  const record = { tab: null as string | null, seen: [] as Seen[] };
  window.__walk = record;
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = ({ data }) => {
    // Another tab of the context (opened by a step) starts too: only this tab's actors are recorded.
    if (data.kind === 'app.started') channel.postMessage({ kind: 'viewer.hello', viewer: 'generated-walk' });
    if (data.kind === 'app.actors') {
      record.tab ??= data.tab;
      if (data.tab !== record.tab) return;
      for (const actor of data.actors)
        record.seen.push({
          id: actor.id,
          machine: actor.machine,
          value: actor.value,
          status: actor.status,
          event: '',
        });
    }
    if (data.kind === 'app.event' && data.event.actor.tab === record.tab) {
      const { actor, type } = data.event;
      record.seen.push({
        id: actor.id,
        machine: actor.machine,
        value: actor.value,
        status: actor.status,
        event: type,
      });
    }
  };
}

export async function followActors(page: Page): Promise<void> {
  await page.addInitScript(recordActors, INSPECTOR_CHANNEL);
}

async function seen(page: Page): Promise<Seen[]> {
  return page.evaluate(() => window.__walk?.seen ?? []);
}

/** The newest actor of the machine: its state key (as the path writes it) and the events it took. */
async function actorOf(page: Page, model: MachineModel, since = 0) {
  const all = await seen(page);
  const ids = [...new Set(all.filter((entry) => entry.machine === model.name).map((entry) => entry.id))];
  const id = ids.at(-1);
  const mine = all.filter((entry) => entry.id === id);
  const last = mine.at(-1);
  return {
    key: last ? stateKey(model, { value: last.value, status: last.status } as AnyMachineSnapshot) : undefined,
    events: all
      .slice(since)
      .filter((entry) => entry.machine === model.name && entry.event !== '')
      .map((e) => e.event),
    count: all.length,
  };
}

// ---------------------------------------------------------------------------------------------------
// Held calls

/** Holds the tab's calls to one API operation until the walk releases them. */
export class HeldCalls {
  private queue: Route[] = [];
  /** Every call made so far (held or not). */
  made = 0;
  /** Whether calls made now are held (else they go on to the server at once). */
  holding = true;

  /** The calls held now, waiting for the path's answer. */
  get held(): number {
    return this.queue.length;
  }

  static async on(page: Page, method: string, apiPath: string): Promise<HeldCalls> {
    const held = new HeldCalls();
    await page.route(`${E2E.baseURL}/api/v1${apiPath}`, (route) => {
      if (route.request().method() !== method) return route.continue();
      held.made += 1;
      if (held.holding) held.queue.push(route);
      else return route.continue();
    });
    return held;
  }

  private async next(): Promise<Route> {
    await expect
      .poll(() => this.queue.length, { message: 'the call the path answers was never made', intervals: POLL })
      .toBeGreaterThan(0);
    return this.queue.shift() as Route;
  }

  /** Lets the real server answer; returns its status and body. */
  async serverAnswers(): Promise<{ status: number; body: unknown }> {
    const route = await this.next();
    const response = await route.fetch();
    const text = await response.text();
    await route.fulfill({ response, body: text });
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a plain-text answer
    }
    return { status: response.status(), body };
  }

  /** Answers with an error as the server would send it: JSON when its body is an object, else text. */
  async answer(error: ApiError): Promise<void> {
    const route = await this.next();
    const json = typeof error.body === 'object' && error.body !== null;
    await route.fulfill({
      status: error.status,
      contentType: json ? 'application/json' : 'text/plain',
      body: json ? JSON.stringify(error.body) : String(error.body),
    });
  }

  /** The request fails without an answer (the browser's fetch rejects: 'Failed to fetch'). */
  async fail(): Promise<void> {
    await (await this.next()).abort('failed');
  }

  /** Whatever is still held is dropped (the path ended before its answer; the tab closes). */
  async dropAll(): Promise<void> {
    for (const route of this.queue.splice(0)) await route.abort().catch(() => {});
  }
}

/** The outcome of a call as the model labels it, e.g. `xstate.error.actor.submit (404)` → '404'. */
export function outcomeLabel(event: AnyEventObject): string {
  return /\(([^)]*)\)$/.exec(eventLabel(event))?.[1] ?? '';
}

export const isOutcome = (step: PathStep | undefined, actorId: string) =>
  Boolean(step && new RegExp(`^xstate\\.(done|error)\\.actor\\.${actorId}$`).test(step.event.type));

/** The error of an error outcome (the model's ApiError, or the network failure's TypeError). */
export function outcomeError(event: AnyEventObject): unknown {
  return (event as { error?: unknown }).error;
}

/** The model's failure answered in the browser: an ApiError as its answer, anything else as no answer. */
export async function answerWithModel(held: HeldCalls, error: unknown): Promise<void> {
  if (isApiError(error)) await held.answer(error);
  else await held.fail();
}

// ---------------------------------------------------------------------------------------------------
// The server side: accounts and what an admin does to them

let superuser: Promise<string> | undefined;
const adminToken = () => {
  superuser ??= apiToken(E2E.superuser.email, E2E.superuser.password);
  return superuser;
};

export interface WalkAccount {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

/** A fresh active account for one path (created by the superuser: signup is rate-limited per address). */
export async function createWalkAccount(prefix: string): Promise<WalkAccount> {
  const account = newAccount(prefix);
  const created = await apiCall(await adminToken(), 'POST', '/users/', {
    email: account.email,
    password: account.password,
    full_name: account.fullName,
    is_active: true,
    is_superuser: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { ...account, id: (created.body as { id: string }).id };
}

export async function setActive(account: WalkAccount, active: boolean): Promise<void> {
  const answer = await apiCall(await adminToken(), 'PATCH', `/users/${account.id}`, { is_active: active });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The admin sets a new password, which revokes the account's tokens. */
export async function revokeTokens(account: WalkAccount): Promise<void> {
  const password = `${account.password}-new`;
  const answer = await apiCall(await adminToken(), 'PATCH', `/users/${account.id}`, { password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  account.password = password;
}

export async function deleteAccount(account: WalkAccount): Promise<void> {
  const answer = await apiCall(await adminToken(), 'DELETE', `/users/${account.id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

// ---------------------------------------------------------------------------------------------------
// The walk

export interface StepInfo {
  index: number;
  step: PathStep;
  /** The state the path expects before and after the step. */
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  path: ModelPath;
}

/**
 * What a driver did for a step: `sent`, with the type of the event the app's actor must take (the
 * path's own event, or what the app sends for it: an autofill is a change per field, a refused
 * credential reaches the session as `session.expired`), or `not offered`: the screen has no control
 * for it in this state (asserted by the driver), the path must agree that nothing happens and the
 * actor must take no event.
 */
export type Outcome = { sent: string } | 'not offered';

export interface Driver<C> {
  model: MachineModel;
  /** Why the path cannot be walked in a browser, or undefined. */
  unrealisable(path: ModelPath): string | undefined;
  setup(path: ModelPath, page: Page, context: BrowserContext): Promise<C>;
  act(info: StepInfo, ctx: C): Promise<Outcome>;
  see(expected: AnyMachineSnapshot, ctx: C, info: StepInfo | undefined): Promise<void>;
  teardown(ctx: C): Promise<void>;
}

export async function walk<C>(driver: Driver<C>, path: ModelPath, page: Page, context: BrowserContext) {
  const { model } = driver;
  // The snapshots a real actor of the machine reaches along the path (its context included: a traversal's
  // step keeps the snapshot of whichever walk first reached that transition).
  const states: AnyMachineSnapshot[] = [];
  await walkPath(model, path, (step) => {
    states.push(step.snapshot);
  });
  const actorKey = async () => (await actorOf(page, model)).key;
  await followActors(page);
  const ctx = await test.step('setup', () => driver.setup(path, page, context));
  try {
    await test.step(`start → ${stateLabel(path.initial)}`, async () => {
      await expect
        .poll(actorKey, { message: `the app's ${model.name} actor`, intervals: POLL })
        .toBe(stateKey(model, states[0] as AnyMachineSnapshot));
      await driver.see(states[0] as AnyMachineSnapshot, ctx, undefined);
    });
    for (const [index, step] of path.steps.entries()) {
      const info: StepInfo = {
        index: index + 1,
        step,
        before: states[index] as AnyMachineSnapshot,
        after: states[index + 1] as AnyMachineSnapshot,
        path,
      };
      await test.step(`${index + 1}. ${step.label} → ${stateLabel(step.state)}`, async () => {
        const mark = (await actorOf(page, model)).count;
        const outcome = await driver.act(info, ctx);
        const expected = stateKey(model, info.after);
        if (outcome === 'not offered') {
          expect(expected, 'the screen does not offer it here, but the path changes state').toBe(
            stateKey(model, info.before),
          );
        }
        // The actor took the step's event and is in the state the path predicts (a step whose state is
        // the one before, e.g. a login again while loading, is only done once the event was taken).
        const event = outcome === 'not offered' ? undefined : outcome.sent;
        await expect
          .poll(
            async () => {
              const actor = await actorOf(page, model, mark);
              const took = event && actor.events.includes(event) ? event : actor.events;
              return { state: actor.key, took };
            },
            { message: `step ${index + 1} (${step.label}): the app's actor`, intervals: POLL },
          )
          .toEqual({ state: expected, took: event ?? [] });
        await driver.see(info.after, ctx, info);
      });
    }
  } finally {
    await driver.teardown(ctx);
  }
}

/**
 * The message the spec's error catalogue gives a failed call: the detail text; for a list (422) its
 * first item's msg; no answer and a server failure (5xx) told apart in words (issue 34); otherwise
 * 'Something went wrong.'.
 */
export function specMessage(error: unknown): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail !== '') return detail;
  if (Array.isArray(detail) && typeof detail[0]?.msg === 'string') return detail[0].msg;
  if (error instanceof Error && error.name === 'NetworkError')
    return 'The server could not be reached. Check your connection and try again.';
  if (isApiError(error) && error.status >= 500)
    return `The server failed (${error.status} ${error.statusText}). Try again in a moment.`;
  return 'Something went wrong.';
}

/** The login form's: the detail text inline; if the detail is a list (or there is none), 'Something went wrong'. */
export function specLoginMessage(error: unknown): string {
  const detail = detailOf(error);
  if (typeof detail === 'string' && detail !== '') return detail;
  if (Array.isArray(detail)) return 'Something went wrong';
  const told = specMessage(error);
  return told === 'Something went wrong.' ? 'Something went wrong' : told;
}

function detailOf(error: unknown): unknown {
  if (!isApiError(error)) return undefined;
  const body = error.body;
  return body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
}
