import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  CALL_TIME_LIMITS,
  CallTimeoutError,
  NETWORK_MESSAGE,
  TIMEOUT_MESSAGE,
} from '../../../src/api/errors';
import { FORM_DIALOGS } from '../../../src/features/form-dialogs';
import { MAX_RETRIES } from '../../../src/machines/paging';
import { FAULT_KINDS, FAULT_WALKED, type FaultKind, faultItem } from '../../../src/qa/statecharts/faults';
import type { MachineModel } from '../../../src/qa/statecharts/model-kit';
import { modelByName } from '../../../src/qa/statecharts/models';
import { stateLabel } from '../../../src/qa/statecharts/paths';
import { recordCoverage } from '../../model/coverage';
import { walkWanted } from '../../model/walk-filter';
import { type Api, renderApp, startApi } from '../harness';
import { type FaultInjector, installFaults } from './faults';
import { formDialogScreen, ROUTE_FACTS } from './form-dialog-screen';
import { ActorTracker, observeStep } from './runner';
import { type Account, createAccount, fieldValue, newToast, setField, toastsOnScreen, user } from './support';
import { FAULT_ORACLES, UI_ORACLES, type UiStep, type UiTrace, uiViolations } from './ui-oracles';
import { recordWire, type WireLog } from './wire';

/**
 * Faults in the walks (issue 34, item 4; the items: src/qa/statecharts/faults.ts). Each request edge of
 * the lists ('itemsPaging', 'usersPaging') and of the form dialogs of /items and /admin (FORM_DIALOGS)
 * named in FAULT_WALKED is walked with each fault, injected under the page's fetch (./faults.ts),
 * against the real server: the app's actor must take the fault's edge (its error, its retries, its time
 * limit, told apart by the error it keeps), the screen must offer a way on, the UI oracles and the fault
 * oracles must hold, and the same action once the network is back must end as if nothing had happened —
 * the list shown, the record saved exactly once. "No answer" is the call's time limit, shortened for the
 * step as the other walks do (the real 10 s / 30 s are met by tests/e2e/network.spec.ts); its request
 * reaches the server and only the answer is lost, so a create sent again must not make a second record.
 */

const STEP = { timeout: 15_000 };
const WALK_LIMIT = 1_500;
const LIMITS = { ...CALL_TIME_LIMITS };

/** What the screen says for each fault (src/api/errors.ts's words; the server's detail for the 500). */
const TOLD: Record<FaultKind, string | RegExp> = {
  'network error': NETWORK_MESSAGE,
  '5xx': 'Internal Server Error',
  'HTML 5xx': /^The server failed \(502 Bad Gateway\)/,
  'no answer': TIMEOUT_MESSAGE,
};

let api: Api;
let wire: WireLog;
let faults: FaultInjector;
let tracker: ActorTracker;
/** The steps the oracles saw in the current test. */
let steps: UiStep[] = [];

const models = FAULT_WALKED.map((name) => {
  const model = modelByName(name);
  if (!model) throw new Error(`no model named ${name}`);
  return model;
});
const wanted = models.filter((model) => walkWanted(model.name));

function snapshotOf(machine: string): AnyMachineSnapshot {
  const snapshot = tracker.snapshot(machine);
  expect(snapshot, `${machine}: the screen has no actor`).toBeDefined();
  return snapshot as AnyMachineSnapshot;
}

/** The spec's UI oracles and the fault oracles over what the page showed and sent since the test began. */
async function oraclesHold(machine: string, label: string) {
  const trace: UiTrace = { machine, steps, requests: wire.requests, gestures: wire.gestures };
  const index = steps.length;
  await waitFor(() => {
    steps[index] = observeStep(index, label);
    steps.length = index + 1;
    const violations = uiViolations(trace, [...UI_ORACLES, ...FAULT_ORACLES]);
    expect(violations, violations.join('\n')).toEqual([]);
  });
}

/**
 * Declares one machine's fault walks: one test per fault kind, then the report of the fault items
 * walked (the coverage report counts them beside the edges).
 */
function describeFaults(model: MachineModel, walkFault: (kind: FaultKind) => Promise<string[]>) {
  const covered = new Map<string, Set<string>>();
  describe(`${model.name} (UI walk)`, () => {
    for (const kind of FAULT_KINDS) {
      const name = `fault: ${kind}`;
      it(name, async () => {
        const file = (expect.getState().testPath ?? '').replace(/^.*?(?=tests\/ui\/)/, '');
        const test = `${file} > ${model.name} (UI walk) > ${name}`;
        for (const edge of await walkFault(kind)) {
          const item = faultItem(edge, kind);
          covered.set(item, (covered.get(item) ?? new Set()).add(test));
        }
      }, 40_000);
    }
    it('reports the fault items it walked', () => {
      recordCoverage('ui', model.name, covered);
      expect(covered.size).toBeGreaterThan(0);
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Lists

/**
 * A list whose page meets the fault: the answered faults are retried (MAX_RETRIES, 'Retrying…') and
 * then shown failed; no answer is shown failed at its time limit. Try again, the network back, shows
 * the page.
 */
async function listFault(machine: 'itemsPaging' | 'usersPaging', kind: FaultKind): Promise<string[]> {
  const users = machine === 'usersPaging';
  const account = await createAccount(api, `fault-${machine}`, { superuser: users });
  if (!users)
    for (const title of ['Kept 1', 'Kept 2']) await api.call('POST', '/items/', account.token, { title });
  const listPath = users ? /^\/users\/$/ : /^\/items\/$/;
  faults.arm(kind, 'GET', listPath, kind === 'no answer' ? 1 : 1 + MAX_RETRIES);
  if (kind === 'no answer') CALL_TIME_LIMITS.read = WALK_LIMIT;
  const { app } = renderApp(users ? '/admin' : '/items', account.token);
  const u = user();
  try {
    await waitFor(() => expect(stateLabel(snapshotOf(machine))).toBe('list.failed'), STEP);
    const { history } = tracker.current(machine) ?? { history: [] };
    const retried = history.filter((key) => key.startsWith('{"list":"retrying"}')).length;
    const error = (snapshotOf(machine).context as { error?: unknown }).error;
    const alert = await screen.findByRole('alert');
    if (typeof TOLD[kind] === 'string') expect(alert.textContent).toBe(TOLD[kind]);
    else expect(alert.textContent).toMatch(TOLD[kind]);
    expect(screen.queryByTestId('empty-list')).toBeNull();
    await oraclesHold(machine, `${kind}: the list failed`);
    expect(faults.left(), 'every armed request was asked').toBe(0);
    CALL_TIME_LIMITS.read = LIMITS.read;

    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stateLabel(snapshotOf(machine))).toBe('list.ready'), STEP);
    const rows = within(document.querySelector('tbody') as HTMLElement).getAllByRole('row');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await oraclesHold(machine, 'Try again: the list shown');

    if (kind === 'no answer') {
      expect(error).toBeInstanceOf(CallTimeoutError);
      expect(retried).toBe(0);
      return [`list.loading --xstate.after.readLimit.${machine}.list.loading--> list.failed`];
    }
    expect(retried, "the retries were shown ('Retrying…')").toBe(MAX_RETRIES);
    return [
      'list --paging.failed [mayRetry ✓]--> list.retrying',
      'list --paging.failed [mayRetry ✗]--> list.failed',
    ];
  } finally {
    CALL_TIME_LIMITS.read = LIMITS.read;
    app.session.stop();
  }
}

// ---------------------------------------------------------------------------------------------------
// The /items dialogs

/** Per route: the records a dialog saves into, and the path of its writes. */
const RECORDS = {
  '/items': { list: '/items/?limit=1000', path: /^\/items\/[^/]*$/ },
  '/admin': { list: '/users/?limit=1000', path: /^\/users\/[^/]*$/ },
};

type Row = Record<string, unknown>;
const recordsOf = async (path: string, account: Account) =>
  (await api.call<{ data: Row[] }>('GET', path, account.token)).body.data;

/**
 * Save meets the fault: the dialog stays with the user's values and says what went wrong; Save again,
 * the network back, saves once (a create sent again reuses its Idempotency-Key).
 */
async function dialogFault(machine: string, kind: FaultKind): Promise<string[]> {
  const descriptor = FORM_DIALOGS.find((dialog) => dialog.name === machine);
  if (!descriptor) throw new Error(`no form dialog ${machine}`);
  const where = descriptor.screen.route as keyof typeof RECORDS;
  const route = RECORDS[where];
  const facts = formDialogScreen(descriptor, ROUTE_FACTS[where]);
  const account = await createAccount(api, `fault-${machine}`, { superuser: facts.superuser });
  await facts.seed?.({ api, tracker }, account);
  const { app } = renderApp(descriptor.screen.route, account.token);
  const u = user();
  try {
    await screen.findByText('Page 1', {}, STEP);
    await facts.open?.(u);
    const dialog = await screen.findByRole(facts.role ?? 'dialog', { name: facts.title }, STEP);
    const values = facts.valid?.(account) ?? {};
    const fields = facts.fields as Record<string, RegExp>;
    for (const [name, value] of Object.entries(values))
      await setField(u, within(dialog).getByLabelText(fields[name] as RegExp), value);
    const before = await recordsOf(route.list, account);
    const adds = !facts.seed;
    faults.arm(kind, adds ? 'POST' : descriptor.screen.route === '/items' ? 'PUT' : 'PATCH', route.path);
    if (kind === 'no answer') CALL_TIME_LIMITS.write = WALK_LIMIT;
    let toasts = toastsOnScreen();
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stateLabel(snapshotOf(machine))).toBe('open.failed'), STEP);
    const error = (snapshotOf(machine).context as { error?: unknown }).error;
    expect(error instanceof CallTimeoutError).toBe(kind === 'no answer');
    await newToast(toasts, 'Error', TOLD[kind]);
    const kept = screen.getByRole(facts.role ?? 'dialog', { name: facts.title });
    for (const [name, value] of Object.entries(values))
      expect(fieldValue(within(kept).getByLabelText(fields[name] as RegExp)), name).toBe(value);
    await oraclesHold(machine, `${kind}: Save failed`);
    CALL_TIME_LIMITS.write = LIMITS.write;

    toasts = toastsOnScreen();
    await u.click(within(kept).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(screen.queryByRole(facts.role ?? 'dialog', { name: facts.title })).toBeNull(),
      STEP,
    );
    await newToast(toasts, ...(facts.success as [string, string]));
    const after = await recordsOf(route.list, account);
    // The record by the value that names it (a password names none: the count and the oracles stand).
    const key = ['title', 'email', 'full_name'].find((name) => name in values);
    if (key)
      expect(
        after.filter((row) => row[key] === values[key]),
        'the record, saved exactly once',
      ).toHaveLength(1);
    expect(after).toHaveLength(before.length + (adds ? 1 : 0));
    await oraclesHold(machine, 'Save again: saved');
    const failed =
      kind === 'no answer'
        ? `xstate.after.writeLimit.${machine}.open.submitting`
        : 'xstate.error.actor.submit';
    return [`open.submitting --${failed}--> open.failed`];
  } finally {
    CALL_TIME_LIMITS.write = LIMITS.write;
    app.session.stop();
  }
}

// ---------------------------------------------------------------------------------------------------

if (wanted.length === 0) {
  // `npm run walk` loaded this file for another machine: a skipped suite (a file must declare one).
  describe.skip('faults (UI walk)', () => {
    it('is not among WALK_MACHINES', () => {});
  });
} else {
  beforeAll(async () => {
    api = await startApi();
    faults = installFaults(api.url);
    wire = recordWire(api.url);
    tracker = new ActorTracker(new Map(wanted.map((model) => [model.name, model])));
  });
  afterEach(() => {
    faults.disarm();
    wire.clear();
    steps = [];
    tracker.reset();
  });
  afterAll(async () => {
    tracker?.dispose();
    wire?.uninstall();
    faults?.uninstall();
    await api?.close();
  });
  for (const model of wanted) {
    const { name } = model;
    describeFaults(model, (kind) =>
      name === 'itemsPaging' || name === 'usersPaging' ? listFault(name, kind) : dialogFault(name, kind),
    );
  }
}
