import { createAccount, expect, expectAccessible, logIn, newAccount, test, waitForMail } from './fixtures.ts';

test.describe('signing up, in and out', () => {
  test('sign up → "Account created." → log in → dashboard greeting', async ({ page }) => {
    const account = newAccount('signup');
    await page.goto('/signup');
    await expectAccessible(page, '/signup');
    await page.getByLabel('Full name').fill(account.fullName);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Account created.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`Hi, ${account.fullName}`)).toBeVisible();
    await expect(page.getByText('Welcome back, nice to see you again!')).toBeVisible();
    await expect(page.evaluate(() => localStorage.getItem('access_token'))).resolves.toBeTruthy();
  });

  test('a wrong password is shown inline under the password field', async ({ page }) => {
    const account = await createAccount();
    await page.goto('/login');
    await expectAccessible(page, '/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-text');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: /hide password/i }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('log out removes the token and returns to /login', async ({ page }) => {
    const account = await createAccount();
    await logIn(page, account);
    await expect(page.getByText(`Logged in as: ${account.email}`)).toBeVisible();
    await page.getByRole('button', { name: /user menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expectAccessible(page, 'the user menu, open');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.evaluate(() => localStorage.getItem('access_token'))).resolves.toBeNull();
  });

  test('public routes redirect to / when signed in; the layout redirects to /login when not', async ({
    page,
  }) => {
    for (const path of ['/', '/items', '/settings', '/admin']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
    const account = await createAccount();
    await logIn(page, account);
    for (const path of ['/login', '/signup', '/recover-password', '/reset-password?token=x']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/$/);
    }
  });
});

test('password recovery → the e-mail link → reset → log in with the new password', async ({ page }) => {
  const account = await createAccount();
  await page.goto('/recover-password');
  await expectAccessible(page, '/recover-password');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email sent.')).toBeVisible();
  await expect(page.getByText('We sent an email with a link to get back into your account.')).toBeVisible();

  const mail = await waitForMail(account.email, /Password recovery/);
  const link = /href="([^"]*\/reset-password\?token=[^"]+)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&');
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await expectAccessible(page, '/reset-password');
  const newPassword = `${account.password}-new`;
  await page.getByLabel('Set Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the 404 page and Go back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops!')).toBeVisible();
  await expect(page.getByText('Page not found.')).toBeVisible();
  await expectAccessible(page, '404');
  await page
    .getByRole('link', { name: 'Go back' })
    .or(page.getByRole('button', { name: 'Go back' }))
    .click();
  await expect(page).toHaveURL(/\/(login)?$/);
});

test('a path with a dot shows the 404 page in a browser; a fetch of it gets the JSON 404', async ({
  page,
}) => {
  const response = await page.goto('/foo.txt');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Oops!')).toBeVisible();
  await expect(page.getByText('Page not found.')).toBeVisible();
  const fetched = await page.evaluate(async () => {
    const answer = await fetch('/a.b');
    return { status: answer.status, body: await answer.json() };
  });
  expect(fetched).toEqual({ status: 404, body: { detail: 'Not Found' } });
});
