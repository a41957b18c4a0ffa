import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createAccount, expect, expectAccessible, test } from './fixtures.ts';
import { expectFollowedStateInPane, smallestTextPx } from './statechart-view.ts';

// The viewer's live inspector and simulator (issue 19): the e2e server runs with SERVE_STATECHARTS on
// (its default outside staging and production), so /statecharts is served by the built app.

test('the live inspector follows the app in another tab: machines, state on the diagram, masked events, pause and clear', async ({
  context,
}) => {
  test.slow(); // two tabs, and axe over the diagram in both colour modes
  const account = await createAccount();
  const viewer = await context.newPage();
  await viewer.goto('/statecharts?view=live');
  // The viewer's chunk (elkjs) is large: its first load on a busy machine takes a while.
  await expect(viewer.getByRole('heading', { name: 'Running machines (0)' })).toBeVisible({
    timeout: 60_000,
  });

  const app = await context.newPage();
  await app.goto('/login');
  await expect(app.getByPlaceholder('Email')).toBeVisible();

  const running = viewer.getByRole('list', { name: 'Running machines' });
  await expect(running.getByRole('button', { name: 'login: editing.invalid · /login' })).toBeVisible();
  await expect(running.getByRole('button', { name: /^session: signedOut · / })).toBeVisible();
  await running.getByRole('button', { name: /^login: / }).click();
  await expect(viewer.getByRole('heading', { name: 'login', level: 2 })).toBeVisible();
  const diagram = viewer.getByTestId('statechart');
  await expect(diagram.locator('[data-state="login.editing.invalid"][data-active]')).toBeAttached();

  await app.getByPlaceholder('Email').fill(account.email);
  await app.getByPlaceholder('Password', { exact: true }).fill(account.password);
  const log = viewer.getByRole('list', { name: 'Event log' });
  await expect(log.getByText('{"field":"password","value":"••••••"}').first()).toBeVisible();
  await expect(log.getByText(`{"field":"username","value":"${account.email}"}`).first()).toBeVisible();
  await expect(diagram.locator('[data-state="login.editing.valid"][data-active]')).toBeAttached();
  await expect(viewer.getByTestId('diagram-caption')).toHaveText('Following login on /login: editing.valid');
  // Time travel: a click on the oldest login event shows the chart, the edge taken and the context then.
  await log
    .getByRole('button', { name: /login form\.change → / })
    .last()
    .click();
  await expect(viewer.getByTestId('diagram-caption')).toHaveText(
    /^At \d\d:\d\d:\d\d, after form\.change: editing\.(in)?valid$/,
  );
  await expect(log.getByText(/^context after it: /)).toBeVisible();
  await expect(diagram.locator('[data-taken]').first()).toBeAttached();
  await viewer.getByRole('button', { name: 'Back to now' }).click();
  await expect(viewer.getByTestId('diagram-caption')).toHaveText('Following login on /login: editing.valid');
  // The followed state is whole in the pane, at a readable size.
  await expectFollowedStateInPane(viewer);
  expect(await smallestTextPx(viewer)).toBeGreaterThanOrEqual(11);
  expect(await log.textContent()).not.toContain(account.password);
  await expectAccessible(viewer, '/statecharts live inspector');

  // Paused: events are counted, not logged.
  await viewer.getByRole('button', { name: 'Pause' }).click();
  const logged = await log.getByRole('listitem').count();
  await app.getByPlaceholder('Email').fill(`x${account.email}`);
  await expect(viewer.getByText(/^Paused: [1-9]\d* events? not logged\.$/)).toBeVisible();
  expect(await log.getByRole('listitem').count()).toBe(logged);
  await viewer.getByRole('button', { name: 'Resume' }).click();
  await viewer.getByRole('button', { name: 'Clear' }).click();
  await expect(viewer.getByRole('heading', { name: 'Event log (0)' })).toBeVisible();

  // Logging in: the session takes the token (masked), and the login screen's actor stops.
  await app.getByPlaceholder('Email').fill(account.email);
  await app.getByRole('button', { name: 'Log In' }).click();
  await expect(app).toHaveURL(/\/$/);
  await expect(log.getByText('session.login → signedIn.loading')).toBeVisible();
  await expect(log.getByText('{"token":"••••••"}')).toBeVisible();
  await expect(log.getByText(/"access_token":"••••••"/).first()).toBeVisible();
  await expect(running.getByRole('button', { name: /^login: / })).toHaveCount(0);
  await expect(running.getByRole('button', { name: /^session: signedIn\.ready · / })).toBeVisible();
  expect(await log.textContent()).not.toContain(account.password);
});

test('the simulator plays login by hand, asks for the outcome, goes back, and its URL reopens the path', async ({
  page,
  context,
}) => {
  test.slow(); // axe over the diagram in both colour modes
  await page.goto('/statecharts?machine=login&view=simulate');
  const simulator = page.getByTestId('simulator');
  const state = simulator.getByTestId('simulator-state');
  const diagram = page.getByTestId('statechart');
  await expect(state).toHaveText('editing.invalid');

  // form.set's payloads take the guard either way: the viewer asks which.
  await simulator.getByRole('button', { name: /^form\.set \(\d+ outcomes\)$/ }).click();
  await simulator.getByRole('button', { name: 'form.set (valid input) → editing.valid' }).click();
  await expect(state).toHaveText('editing.valid');
  await expect(diagram.locator('[data-state="login.editing.valid"][data-active]')).toBeAttached();
  await simulator.getByRole('button', { name: 'form.submit', exact: true }).click();
  await expect(state).toHaveText('submitting');

  // The invoked actor's outcome: done or one of the API failures.
  await simulator.getByRole('button', { name: /^submit settles \(\d+ outcomes\)$/ }).click();
  await expect(simulator.getByText('Which outcome of submit settles?')).toBeVisible();
  await expectAccessible(page, '/statecharts simulator asking for an outcome');
  await simulator.getByRole('button', { name: 'error (401) → failed' }).click();
  await expect(state).toHaveText('failed');
  // The context after the step: folded (a form's context is long), opened with a click.
  const shownContext = simulator.getByText(/^Context: \(\d+ keys\) \{/);
  await shownContext.click();
  await expect(simulator.getByText(/"submitted": true/)).toBeVisible();
  await expect(diagram.locator('[data-state="login.failed"][data-active]')).toBeAttached();
  // The edge the step took is highlighted too.
  await expect(diagram.locator('[data-taken]').first()).toBeAttached();

  await simulator.getByRole('button', { name: 'Back' }).click();
  await expect(state).toHaveText('submitting');
  await simulator.getByRole('button', { name: /^submit settles/ }).click();
  await simulator.getByRole('button', { name: 'done (success) → succeeded' }).click();
  await expect(state).toHaveText('succeeded');
  await expect(simulator.getByRole('heading', { name: 'Played path (3 steps)' })).toBeVisible();

  // The URL is the played path: another tab opens it as it was.
  await expect(page).toHaveURL(/play=/);
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect(shared.getByTestId('simulator-state')).toHaveText('succeeded');
  await expect(
    shared
      .getByRole('list', { name: 'Played steps' })
      .getByText(/^3\. xstate\.done\.actor\.submit \(success\) → succeeded$/),
  ).toBeVisible();

  await simulator.getByRole('button', { name: 'Reset' }).click();
  await expect(state).toHaveText('editing.invalid');
  await expect(simulator.getByRole('heading', { name: 'Played path (0 steps)' })).toBeVisible();

  // A preset sent with its payload edited; a payload of another shape is refused, saying why.
  await simulator.getByText('Edit a payload').click();
  await simulator.getByLabel('Preset').selectOption('form.set (valid input)');
  const payload = simulator.getByLabel('Payload');
  const preset = await payload.inputValue();
  await payload.fill('{}');
  await simulator.getByRole('button', { name: 'Send form.set' }).click();
  await expect(simulator.getByRole('alert')).toHaveText('form.set needs “values”.');
  await payload.fill(preset.replace(/"username": "[^"]*"/, '"username": "qa@example.com"'));
  await simulator.getByRole('button', { name: 'Send form.set' }).click();
  await expect(state).toHaveText('editing.valid');
  await expect(
    simulator
      .getByRole('list', { name: 'Played steps' })
      .getByText(/^1\. form\.set \{"values":\{.*"qa@example\.com"/),
  ).toBeVisible();
});

test("a saved recording of the live log replays on today's machine in the Replay panel", async ({
  context,
}) => {
  test.slow(); // two tabs, the viewer's large chunk
  const account = await createAccount();
  const viewer = await context.newPage();
  await viewer.goto('/statecharts?view=live');
  await expect(viewer.getByRole('heading', { name: 'Running machines (0)' })).toBeVisible({
    timeout: 60_000,
  });
  const app = await context.newPage();
  await app.goto('/login');
  await app.getByPlaceholder('Email').fill(account.email);
  await app.getByPlaceholder('Password', { exact: true }).fill(account.password);
  await app.getByRole('button', { name: 'Log In' }).click();
  await expect(app).toHaveURL(/\/$/);
  const log = viewer.getByRole('list', { name: 'Event log' });
  await expect(log.getByText('session.login → signedIn.loading')).toBeVisible();

  // A bug report that replays: the log saved as a file, opened in the Replay panel, stepped on today's login.
  const download = viewer.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Save recording' }).click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).not.toContain(account.password);
  await viewer.goto('/statecharts?machine=login&view=replay');
  const replay = viewer.getByTestId('replay');
  await replay.getByRole('button', { name: 'Open a recording' }).click();
  await replay.getByLabel('Recording file').setInputFiles(file);
  await replay.getByRole('list', { name: 'Recorded actors' }).getByRole('button').first().click();
  await replay.getByRole('button', { name: 'Last' }).click();
  await expect(replay.getByTestId('replay-actual')).toHaveText('succeeded [done]');
  await expect(replay.getByText(/reach another state than the recording expects/)).toHaveCount(0);

  // …and one command makes the login's events a regression the property project replays.
  const command = spawnSync('npx', ['tsx', 'scripts/recording-regression.ts', file], { encoding: 'utf8' });
  const login = command.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { machine: string; steps: string[] })
    .find((regression) => regression.machine === 'login');
  expect(login?.steps, command.stderr).toContain('send form.submit');
  expect(JSON.stringify(login)).not.toContain(account.email);
});
