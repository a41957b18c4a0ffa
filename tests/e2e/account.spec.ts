import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAccount, expect, expectAccessible, logIn, newAccount, test, waitForMail } from './fixtures.ts';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

test('confirm the e-mail with the code from the e-mail, after a wrong code and a resend', async ({
  page,
}) => {
  const account = await createAccount(newAccount('confirm'));
  const first = /data-confirm-code="(\d{6})"/.exec(
    (await waitForMail(account.email, /confirmation code/)).html,
  )?.[1];
  expect(first).toMatch(/^\d{6}$/);
  await logIn(page, account);
  // The notice is no region named after its heading: only the e-mail input answers to 'Email'.
  const noticeHeading = page.getByRole('heading', { name: 'Confirm your email address' });
  const notice = page.locator('section').filter({ has: noticeHeading });
  await expect(notice).toBeVisible();
  await expectAccessible(page, 'dashboard with the confirmation notice');

  const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
  await notice.getByLabel('Confirmation code').fill(wrong);
  await notice.getByRole('button', { name: 'Confirm' }).click();
  await expect(notice.getByText('Invalid confirmation code. 4 tries left.')).toBeVisible();

  // The signup e-mail went out less than a minute ago: the server asks to wait, and the notice counts down.
  await notice.getByRole('button', { name: 'Resend code' }).click();
  await expect(notice.getByText(/You can ask for another code in \d+ seconds?\./)).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Resend code' })).toBeDisabled();

  await notice.getByLabel('Confirmation code').fill(first ?? '');
  await notice.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Welcome back, nice to see you again!')).toBeVisible();
  await expect(noticeHeading).toHaveCount(0);
});

test('profile photo: a file that is not an image is refused, a real PNG appears in the menu', async ({
  page,
}) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Profile photo' });
  await expect(section.getByText('No photo yet: your initials are shown.')).toBeVisible();
  await expectAccessible(page, '/settings with the account sections');
  await section.getByLabel('Choose a profile photo').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text pretending to be a picture'),
  });
  await section.getByRole('button', { name: 'Upload photo' }).click();
  await expect(section.getByText('The profile photo must be a PNG, JPEG or WebP image')).toBeVisible();

  await section.getByLabel('Choose a profile photo').setInputFiles(fixture('photo.png'));
  await section.getByRole('button', { name: 'Upload photo' }).click();
  await expect(section.getByText('Shown in the menu and sidebar.')).toBeVisible();
  const menuPhoto = page.getByRole('button', { name: 'Open user menu' }).locator('img');
  await expect(menuPhoto).toBeVisible();
  await expect
    .poll(() => menuPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await section.getByRole('button', { name: 'Remove photo' }).click();
  await expect(section.getByText('No photo yet: your initials are shown.')).toBeVisible();
});

test('subscription plan: change through the confirmation step', async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Subscription plan' });
  await expect(section.getByText('Current plan: Free')).toBeVisible();
  await section.getByRole('button', { name: 'Switch to Plan 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change subscription plan' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'Change subscription plan modal');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByText('Current plan: Free')).toBeVisible();
  await section.getByRole('button', { name: 'Switch to Plan 2' }).click();
  await page
    .getByRole('dialog', { name: 'Change subscription plan' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(section.getByText('Current plan: Plan 2')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Subscription plan' }).getByText('Current plan: Plan 2'),
  ).toBeVisible();
});

test('asset: upload a file, see its name and size, download it through the signed link', async ({ page }) => {
  const account = await createAccount();
  await logIn(page, account);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Asset' });
  await expect(section.getByText('No asset uploaded yet.')).toBeVisible();
  const content = Buffer.from('quarterly numbers, 42 bytes of them.......');
  await section.getByLabel('Choose an asset file').setInputFiles({
    name: 'report.txt',
    mimeType: 'text/plain',
    buffer: content,
  });
  await section.getByRole('button', { name: 'Upload asset' }).click();
  await expect(section.getByText('report.txt')).toBeVisible();
  const download = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download report.txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('report.txt');
  const saved = await file.path();
  expect(readFileSync(saved).equals(content)).toBe(true);
});
