import { E2E } from './env.ts';
import {
  apiCall,
  apiToken,
  createAccount,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  openAdminPageWith,
  test,
} from './fixtures.ts';

test('normal users get no Admin entry', async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  // Typing the address sends them to the dashboard, still signed in.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back, nice to see you again!')).toBeVisible();
});

test('admin: the You row, add user with defaults and validation', async ({ page }) => {
  await logIn(page, E2E.superuser);
  await page.getByRole('link', { name: 'Admin' }).first().click();
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await expectAccessible(page, '/admin');
  const me = await openAdminPageWith(page, E2E.superuser.email);
  await expect(me.getByText('You')).toBeVisible();
  await expect(me.getByRole('button', { name: /Actions for/ })).toBeDisabled();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expectAccessible(page, 'Add User modal');
  await expect(dialog.getByLabel('Is superuser?')).not.toBeChecked();
  await expect(dialog.getByLabel('Is active?')).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('x');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('');
  await dialog.getByLabel('Full name').click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await dialog.getByLabel('Set Password').fill('short');
  await dialog.getByLabel('Confirm Password').click();
  await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
  await dialog.getByLabel('Confirm Password').fill('different');
  await dialog.getByLabel('Full name').click();
  await expect(dialog.getByText('The passwords do not match')).toBeVisible();

  const account = newAccount('made-by-admin');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await dialog.getByLabel('Full name').fill(account.fullName);
  await dialog.getByLabel('Set Password').fill(account.password);
  await dialog.getByLabel('Confirm Password').fill(account.password);
  await dialog.getByText('Is active?').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created successfully.')).toBeVisible();
  const token = await apiToken(E2E.superuser.email, E2E.superuser.password);
  const list = await apiCall(token, 'GET', '/users/?limit=1000');
  const created = list.body.data.find((u: { email: string }) => u.email === account.email);
  expect(created).toMatchObject({ is_active: true, is_superuser: false, full_name: account.fullName });
});

test('admin: edit profile fields and toggles; an empty password is dropped', async ({ page }) => {
  const account = await createAccount(newAccount('edited'));
  await logIn(page, E2E.superuser);
  const row = await openAdminPageWith(page, account.email);
  await expect(row.getByText('No confirmation')).toBeVisible();
  await expect(row.getByText('Free')).toBeVisible();
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expectAccessible(page, 'Edit User modal');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Major').fill('Physics');
  await dialog.getByLabel('Phone').fill('+49 30 1234567');
  await dialog.getByLabel('Birth date').fill('1990-04-01');
  await dialog.getByLabel('Gender').selectOption('Female');
  await dialog.getByLabel('Subscription type').selectOption({ label: 'Plan 1' });
  await dialog.getByText('Is e-mail confirmed?').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully.')).toBeVisible();
  // The list refetches after the save; other journeys' new users may have moved the row to another page.
  await expect(
    (await openAdminPageWith(page, account.email)).getByText('Confirmed', { exact: true }),
  ).toBeVisible();
  const token = await apiToken(E2E.superuser.email, E2E.superuser.password);
  const list = await apiCall(token, 'GET', '/users/?limit=1000');
  const edited = list.body.data.find((u: { email: string }) => u.email === account.email);
  expect(edited).toMatchObject({
    major: 'Physics',
    phone: '+49 30 1234567',
    birth_date: '1990-04-01',
    gender: 'Female',
    subscription_type: 'Plan1',
    is_email_confirmed: true,
  });
  // The password was left empty, so the old one still works.
  expect(await apiToken(account.email, account.password)).toBeTruthy();
});

test('admin: delete a user, with the items warning', async ({ page }) => {
  const account = await createAccount(newAccount('doomed'));
  const token = await apiToken(account.email, account.password);
  await apiCall(token, 'POST', '/items/', { title: 'Goes with its owner' });
  await logIn(page, E2E.superuser);
  const row = await openAdminPageWith(page, account.email);
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete User' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(dialog.getByText('Are you sure? You will not be able to undo this action.')).toBeVisible();
  await expect(dialog.getByText(/All items associated with this user will also be/i)).toBeVisible();
  // The user is named (name and e-mail), and the spec's sentences come in its order.
  await expect(dialog.getByTestId('dialog-record')).toHaveText(`${account.fullName}${account.email}`);
  const text = (await dialog.textContent()) ?? '';
  expect(text.indexOf('Are you sure?')).toBeLessThan(text.indexOf('All items associated'));
  await expectAccessible(page, 'Delete User modal');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The user was deleted successfully.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: account.email })).toHaveCount(0);
});

test('phone width: the drawer menu navigates', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await createAccount();
  await logIn(page, account);
  await page.getByRole('button', { name: 'Open Menu' }).click();
  await expect(page.getByRole('link', { name: 'Items' })).toBeVisible();
  await expectAccessible(page, 'drawer menu at 375 px');
  await page.getByRole('link', { name: 'Items' }).click();
  await expect(page).toHaveURL(/\/items(\?page=1)?$/);
  await expect(page.getByRole('heading', { name: 'Items Management' })).toBeVisible();
  await expectAccessible(page, '/items at 375 px');
});

test('desktop: the admin and items headers are no taller than a row, without a sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Items of its own, so /items shows its table.
  const token = await apiToken(E2E.superuser.email, E2E.superuser.password);
  await apiCall(token, 'POST', '/items/', { title: 'Header check' });
  await logIn(page, E2E.superuser);
  const measure = async (path: string) => {
    await page.goto(path);
    // Loaded rows, not skeleton ones (shorter): on a busy machine the list arrives well after its header.
    await expect(page.getByRole('table').locator('tbody')).toHaveAttribute('aria-busy', 'false');
    return page.evaluate(() => {
      const table = document.querySelector('table') as HTMLElement;
      const scroller = table.parentElement as HTMLElement;
      const header = document.querySelector('thead tr') as HTMLElement;
      const row = document.querySelector('tbody tr') as HTMLElement;
      return {
        // Issue 37: /admin's two-word headers may take two lines (the spare width goes to name and
        // e-mail), never more than a row's height.
        headerFitsRow: header.getBoundingClientRect().height <= row.getBoundingClientRect().height + 1,
        scrolls: scroller.scrollWidth > scroller.clientWidth + 1,
      };
    });
  };
  const admin = await measure('/admin');
  const items = await measure('/items');
  expect(admin).toEqual({ headerFitsRow: true, scrolls: false });
  expect(items).toEqual({ headerFitsRow: true, scrolls: false });
});

test('admin at 1280 (issue 37): name and e-mail get the spare width; Change Password names the user', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await createAccount(newAccount('named'));
  await logIn(page, E2E.superuser);
  const row = await openAdminPageWith(page, account.email);
  const widths = await row.getByRole('cell').evaluateAll((cells) =>
    cells.map((cell) => ({
      width: cell.getBoundingClientRect().width,
      cut: cell.scrollWidth > cell.clientWidth,
    })),
  );
  // Name and e-mail are each wider than any code column, and no value runs past its cell.
  for (const code of widths.slice(2))
    expect(Math.min(widths[0]?.width ?? 0, widths[1]?.width ?? 0)).toBeGreaterThan(code.width);
  expect(widths.slice(2).filter((cell) => cell.cut)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Change Password User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByTestId('dialog-record')).toHaveText(`${account.fullName}${account.email}`);
  await expect(dialog.getByLabel('Set Password*')).toBeVisible();
});
