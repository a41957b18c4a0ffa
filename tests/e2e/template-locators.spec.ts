import { E2E } from './env.ts';
import { apiCall, apiToken, createAccount, expect, logIn, newAccount, test } from './fixtures.ts';

/**
 * A team moving from the template brings Playwright specs written against its Chakra-era screens. Where
 * our screens match the spec, the locators such a suite uses find exactly one element.
 */

test('the user menu answers to data-testid "user-menu": My profile and Log out', async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await expect(page.getByTestId('user-menu')).toHaveCount(1);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("My profile: only the e-mail input answers to 'Email', beside the confirmation notice", async ({
  page,
}) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'My profile' }).click();
  // The account is unconfirmed: the notice is on the page.
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Email')).toHaveCount(1);
  const updated = newAccount('renamed').email;
  await page.getByLabel('Email').fill(updated);
  await page.getByLabel('Full name').fill('Test User 2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(page.locator('form').getByText(updated, { exact: true })).toBeVisible();
  // The template's 'Edit user email with a valid email': one element in the region says the address.
  await expect(page.getByLabel('My profile').getByText(updated, { exact: true })).toBeVisible();
});

test("My profile: Cancel restores the e-mail, found once in the 'My profile' region", async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'My profile' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Email').fill(newAccount('cancelled').email);
  await page.getByRole('button', { name: 'Cancel' }).click();
  // The template's 'Cancel edit action restores original email'.
  await expect(page.getByLabel('My profile').getByText(account.email, { exact: true })).toBeVisible();
});

test("Appearance: one element answers to 'Appearance', and Dark Mode is picked inside it", async ({
  page,
}) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await expect(page.getByLabel('Appearance')).toHaveCount(1);
  await page.getByLabel('Appearance').getByText('Dark Mode').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByLabel('Appearance').getByText('Light Mode').click();
  await expect(page.locator('html')).toHaveClass(/light/);
});

test("Add and Edit User: check() ticks 'Is superuser?' and 'Is active?' in a scrolled dialog", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await logIn(page, E2E.superuser);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  const account = newAccount('checked');
  await page.getByPlaceholder('Email').fill(account.email);
  await page.getByPlaceholder('Full name').fill(account.fullName);
  await page.getByPlaceholder('Password').first().fill(account.password);
  await page.getByPlaceholder('Password').last().fill(account.password);
  await page.getByLabel('Is superuser?').check();
  await page.getByLabel('Is active?').check();
  await expect(page.getByLabel('Is superuser?')).toBeChecked();
  await expect(page.getByLabel('Is active?')).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const token = await apiToken(E2E.superuser.email, E2E.superuser.password);
  const list = await apiCall(token, 'GET', '/users/?limit=1000');
  const created = list.body.data.find((u: { email: string }) => u.email === account.email);
  expect(created).toMatchObject({ is_superuser: true, is_active: true });

  // Edit User (more fields, so its body scrolls): untick both.
  const row = page.getByRole('row').filter({ hasText: account.email });
  await row.getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(page.getByLabel('Email')).toHaveCount(1);
  await page.getByLabel('Is superuser?').uncheck();
  await page.getByLabel('Is active?').uncheck();
  await page.getByLabel('Is active?').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  const after = await apiCall(token, 'GET', `/users/${created.id}`);
  expect(after.body).toMatchObject({ is_superuser: false, is_active: true });
});
