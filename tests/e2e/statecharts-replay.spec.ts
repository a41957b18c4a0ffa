import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MachineFixture } from '../../src/qa/statecharts/fixtures.ts';
import { fixtureState } from '../../src/qa/statecharts/fixtures.ts';
import { replayRegression } from '../property/harness.ts';
import { PROPERTY_MACHINES } from '../property/machines.ts';
import regressions from '../property/regressions.json' with { type: 'json' };
import { expect, expectAccessible, test } from './fixtures.ts';

// The viewer's Replay and Coverage panels (issue #25, items 2, 3 and 6): a committed path fixture
// replayed to its end reaches the state the fixture expects, with the diagram on it; a property walk's
// path pasted as printed replays to the state the walk's real actor reaches; the guard outcomes are
// listed with their status.

const fixtureOf = (machine: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'paths', `${machine}.json`), 'utf8'),
  ) as MachineFixture;

test('a path fixture replays to its end: the expected state is reached and drawn', async ({ page }) => {
  test.slow(); // the viewer's chunk (elkjs) and axe
  const fixture = fixtureOf('login');
  const longest = [...fixture.paths].sort((a, b) => b.steps.length - a.steps.length)[0];
  if (!longest) throw new Error('login has no fixture paths');
  const last = longest.steps.at(-1);
  if (!last) throw new Error(`${longest.id} has no steps`);

  await page.goto('/statecharts?machine=login&view=replay');
  await expect(page.getByRole('heading', { name: 'login', level: 2 })).toBeVisible({ timeout: 60_000 });
  const replay = page.getByTestId('replay');
  await replay.getByRole('button', { name: longest.id, exact: true }).click();
  await expect(replay.getByRole('heading', { name: `Step 0 of ${longest.steps.length}` })).toBeVisible();
  await expect(page.getByTestId('replay-expected')).toHaveText(longest.start);
  await replay.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(replay.getByRole('heading', { name: `Step 1 of ${longest.steps.length}` })).toBeVisible();
  await replay.getByRole('button', { name: 'Last', exact: true }).click();
  await expect(
    replay.getByRole('heading', { name: `Step ${longest.steps.length} of ${longest.steps.length}` }),
  ).toBeVisible();
  await expect(page.getByTestId('replay-actual')).toHaveText(last.state);
  await expect(page.getByTestId('replay-expected')).toHaveText(last.state);
  await expect(page.getByTestId('replay-step').getByText('same', { exact: true })).toBeVisible();
  await expect(page.getByTestId('diagram-caption')).toHaveText(
    `Replaying step ${longest.steps.length}: ${last.state}`,
  );
  // The diagram follows: the active leaf is the fixture's last state.
  const leaf = page.getByTestId('statechart').locator('[data-active]:not([data-compound])');
  await expect(leaf).toHaveCount(1);
  expect(await leaf.getAttribute('data-state')).toMatch(
    new RegExp(`\\.${last.state.replace(/\./g, '\\.')}$`),
  );
  await replay.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(
    replay.getByRole('heading', { name: `Step ${longest.steps.length - 1} of ${longest.steps.length}` }),
  ).toBeVisible();
  await expectAccessible(page, '/statecharts replay of a path fixture');
});

test("a property walk's printed path, pasted, replays to the state the walk's actor reaches", async ({
  page,
}) => {
  test.slow();
  const regression = regressions.find((entry) => entry.machine === 'profile');
  const target = PROPERTY_MACHINES.find((candidate) => candidate.model.name === 'profile');
  if (!regression || !target) throw new Error('no profile regression');
  const trace = await replayRegression(target, regression);
  const reached = trace.steps.map((step) => fixtureState(target.model, step.snapshot));
  const printed = `path (${regression.steps.length} steps) of profile:\nas a regression: ${JSON.stringify(regression)}`;

  await page.goto('/statecharts?machine=profile&view=replay');
  await expect(page.getByRole('heading', { name: 'profile', level: 2 })).toBeVisible({ timeout: 60_000 });
  const replay = page.getByTestId('replay');
  await replay.getByRole('button', { name: 'Paste a path', exact: true }).click();
  await replay.getByLabel('Path to replay').fill(printed);
  await replay.getByRole('button', { name: 'Replay the pasted path' }).click();
  const steps = replay.getByRole('list', { name: 'Replayed steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(regression.steps.length + 1);
  for (const [index, state] of reached.entries()) await expect(steps.nth(index)).toContainText(`→ ${state}`);
  await replay.getByRole('button', { name: 'Last', exact: true }).click();
  await expect(page.getByTestId('replay-actual')).toHaveText(reached.at(-1) ?? '');
  await expect(replay.getByText(/cannot be made/)).toHaveCount(0);

  // The same path from the kept regressions, and a paste of another machine's path is refused.
  await replay.getByRole('button', { name: 'Property paths', exact: true }).click();
  await expect(
    replay.getByRole('button', { name: new RegExp(`^regression \\d+: ${regression.why?.slice(0, 20)}`) }),
  ).toBeVisible();
  const other = regressions.find((entry) => entry.machine !== 'profile');
  await replay.getByRole('button', { name: 'Paste a path', exact: true }).click();
  await replay.getByLabel('Path to replay').fill(JSON.stringify(other));
  await replay.getByRole('button', { name: 'Replay the pasted path' }).click();
  await expect(replay.getByRole('alert')).toHaveText(new RegExp(`of the machine ${other?.machine}`));
});

test('the Coverage panel lists guard outcomes, pairs and their unreachable reasons', async ({ page }) => {
  test.slow();
  await page.goto('/statecharts?machine=login&view=coverage');
  await expect(page.getByRole('heading', { name: 'login', level: 2 })).toBeVisible({ timeout: 60_000 });
  const coverage = page.getByTestId('coverage');
  const guards = coverage.getByRole('list', { name: 'Guard outcomes' });
  for (const outcome of ['✓', '✗']) {
    const item = guards
      .getByRole('listitem')
      .filter({ hasText: `validating --always #1 isValid ${outcome}` });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('walked', { exact: true })).toBeVisible();
  }
  // Pairs are collapsed until asked for; the unreachable ones carry their reason.
  await coverage.getByRole('button', { name: /^Show the \d+ transition pairs$/ }).click();
  const pairs = coverage.getByRole('list', { name: 'Transition pairs' }).getByRole('listitem');
  const unreachable = pairs.filter({ hasText: /unreachable/ });
  await expect(unreachable.first()).toBeVisible();
  expect(await unreachable.count()).toBeGreaterThan(0);
  await expect(unreachable.first()).toContainText(/form\.|values|submit/);
  await expect(coverage.getByRole('heading', { name: 'Configurations' })).toBeVisible();
  await expect(coverage.getByText('No parallel regions', { exact: false })).toBeVisible();
  await expectAccessible(page, '/statecharts coverage');
});
