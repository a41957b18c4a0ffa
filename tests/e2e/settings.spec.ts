import { E2E } from './env.ts';
import { createAccount, expect, expectAccessible, logIn, test } from './fixtures.ts';
import { expectFollowedStateInPane } from './statechart-view.ts';

test('profile: view → edit → cancel restores, edit → save updates', async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.getByRole('link', { name: 'User Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  await expectAccessible(page, '/settings My profile');
  await expect(page.getByText(account.fullName)).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Full name').fill('Changed Then Cancelled');
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(account.fullName)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('');
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel('Full name').fill('Saved Name');
  await save.click();
  await expect(page.getByText('User updated successfully.')).toBeVisible();
  await expect(page.getByText('Saved Name')).toBeVisible();
});

test('password: wrong current, same as current, then success', async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Password' }).click();
  await expectAccessible(page, '/settings Password');
  const fill = async (current: string, next: string) => {
    await page.getByLabel('Current Password').fill(current);
    await page.getByLabel('Set Password').fill(next);
    await page.getByLabel('Confirm Password').fill(next);
    await page.getByRole('button', { name: 'Save' }).click();
  };
  // A refusal that belongs to a field marks that field too (besides the toast), until the next edit.
  await fill('not-my-password', 'a-brand-new-passphrase');
  await expect(page.getByText('Incorrect password').first()).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('form').getByText('Incorrect password')).toBeVisible();
  await fill(account.password, account.password);
  await expect(page.locator('form').getByText('Incorrect password')).toHaveCount(0);
  await expect(page.getByLabel('Set Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.locator('form').getByText('New password cannot be the same as the current one'),
  ).toBeVisible();
  await fill(account.password, 'a-brand-new-passphrase');
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
  // This session made the change and stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
});

test('appearance: dark, light and system survive a reload', async ({ page }) => {
  test.slow(); // two axe scans, each in both colour modes, and four page loads
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  const html = page.locator('html');
  await expect(html).toHaveClass(/light/);
  await page.getByText('Dark Mode').click();
  await expect(html).toHaveClass(/dark/);
  await expectAccessible(page, '/settings Appearance, chosen dark');
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.goto('/items');
  await expectAccessible(page, '/items, chosen dark');
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByText('System').click();
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(html).toHaveClass(/light/);
  await expect(page.evaluate(() => Object.values(localStorage).includes('system'))).resolves.toBe(true);
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.getByText('Light Mode').click();
  await page.reload();
  await expect(html).toHaveClass(/light/);
});

test('delete account: confirmation, then signed out and unable to log in', async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Danger zone' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirmation Required' });
  await expect(dialog.getByText(/permanently deleted/)).toBeVisible();
  await expectAccessible(page, 'Confirmation Required modal');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your account has been successfully deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const res = await fetch(`${E2E.baseURL}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username: account.email, password: account.password }),
  });
  expect(res.status).toBe(400);
});

test('superusers see no Danger zone', async ({ page }) => {
  await logIn(page, E2E.superuser);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Appearance' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Danger zone' })).toHaveCount(0);
});

test('the statechart viewer: every machine drawn, a test path stepped through', async ({ page }) => {
  test.slow(); // axe over the diagram twice, in both colour modes
  await page.goto('/statecharts');
  await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
  const machines = page.getByRole('navigation', { name: 'Machines' });
  await machines.getByRole('button', { name: 'login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'login', level: 2 })).toBeVisible();
  await expect(page.locator('svg').filter({ hasText: 'submitting' }).first()).toBeVisible();
  await page.getByLabel('Filter paths').fill('success');
  await page.getByRole('list', { name: 'Test paths' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /^Step 0 of \d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Step 1 of \d+$/ })).toBeVisible();
  // Following the active state: the followed (deepest active) state lies whole in the diagram's pane.
  await expectFollowedStateInPane(page);
  // Zoom in, then Fit.
  const zoom = page.getByTestId('zoom-level');
  const before = await zoom.textContent();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).not.toHaveText(before ?? '');
  await page.getByRole('button', { name: 'Fit', exact: true }).click();
  // The keys the pane's name promises: + zooms in, - out, an arrow pans.
  const pane = page.getByRole('region', { name: /^Statechart \(drag or arrow keys/ });
  await pane.focus();
  const fitted = await zoom.textContent();
  await page.keyboard.press('+');
  await expect(zoom).not.toHaveText(fitted ?? '');
  const zoomedIn = await zoom.textContent();
  await page.keyboard.press('-');
  await expect(zoom).not.toHaveText(zoomedIn ?? '');
  const content = pane.locator('.react-transform-component');
  const moved = await content.getAttribute('style');
  await page.keyboard.press('ArrowLeft');
  await expect(content).not.toHaveAttribute('style', moved ?? '');
  await expectAccessible(page, '/statecharts stepping through a login path');
  // The filter belongs to one machine.
  await machines.getByRole('button', { name: 'session', exact: true }).click();
  await expect(page.getByLabel('Filter paths')).toHaveValue('');
  await expect(page.getByRole('heading', { name: /^Test paths \((\d+) of \1\)$/ })).toBeVisible();
  // From an arrow to the tests that walk it (src/qa/statecharts/walked-by/).
  await page.getByRole('list', { name: 'Edges' }).getByRole('button').first().click();
  const panel = page.getByTestId('edge-panel');
  await expect(panel.getByText(/^Machine level \(tests\/model\): [1-9]\d* tests?/)).toBeVisible();
  await expect(panel.getByText(/^UI level \(tests\/ui\/walks\): [1-9]\d* tests?/)).toBeVisible();
  await expect(panel.getByText(/^session\.test\.tsx › /).first()).toBeVisible();
  await expectAccessible(page, '/statecharts with an edge selected');
});

test('the statechart viewer on a phone does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statecharts');
  await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
  // A phone chooses the machine in a select: the desktop's button columns ran off its edge.
  await page.getByLabel('Machine', { exact: true }).selectOption('editUser');
  await expect(page.getByRole('heading', { name: 'editUser', level: 2 })).toBeVisible();
  await expect(page.getByTestId('statechart').locator('[data-state]').first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
