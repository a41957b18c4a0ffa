import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, renderApp, startApi } from './harness';

/** The account extras (issue 5) against the real API server: confirmation, photo, asset, plan. */

let api: Api;
const password = 'password-123';

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

async function newUser(prefix: string): Promise<{ email: string; token: string }> {
  const email = `${prefix}-${Date.now()}@example.com`;
  const created = await api.call('POST', '/users/signup', undefined, {
    email,
    password,
    full_name: 'Extra User',
  });
  expect(created.status).toBe(200);
  return { email, token: await api.login(email, password) };
}

/** The code of the newest confirmation e-mail sent to `email` (the server's outbox). */
function codeFromOutbox(email: string): string {
  const mails = api.outbox().filter((mail) => mail.to.includes(email));
  const code = /data-confirm-code=(?:3D)?"(\d{6})"/.exec(mails.at(-1)?.html ?? '')?.[1];
  if (!code) throw new Error(`no confirmation code for ${email} in the outbox`);
  return code;
}

const fixture = (name: string, type: string) =>
  new File([readFileSync(path.resolve('tests/fixtures', name))], name, { type });

describe('e-mail confirmation', () => {
  it('the dashboard notice refuses a wrong code, cools the resend down and confirms with the code', async () => {
    const user = userEvent.setup();
    const { email, token } = await newUser('confirm');
    renderApp('/', token);
    const notice = (
      await screen.findByRole('heading', { name: 'Confirm your email address' }, { timeout: 10_000 })
    ).closest('section') as HTMLElement;
    const field = within(notice).getByLabelText('Confirmation code');
    const confirm = within(notice).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    const code = codeFromOutbox(email);
    const wrong = code === '000000' ? '111111' : '000000';
    await user.type(field, `${wrong.slice(0, 3)}ab${wrong.slice(3)}`);
    expect((field as HTMLInputElement).value).toBe(wrong);
    await user.click(confirm);
    expect((await within(notice).findByRole('alert')).textContent).toBe(
      'Invalid confirmation code. 4 tries left.',
    );

    // A code was sent at signup: the server asks to wait, the button cools down with the seconds left.
    await user.click(within(notice).getByRole('button', { name: 'Resend code' }));
    const cooldown = await within(notice).findByTestId('resend-cooldown');
    expect(cooldown.textContent).toMatch(/You can ask for another code in \d+ seconds?\./);
    expect((within(notice).getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.clear(field);
    await user.type(field, `${code}{Enter}`);
    expect(await screen.findByText('Your email address is confirmed.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Confirm your email address' })).toBeNull(),
    );
    const me = await api.call<{ is_email_confirmed: boolean }>('GET', '/users/me', token);
    expect(me.body.is_email_confirmed).toBe(true);
  });

  it('My profile shows the notice too; a superuser reads the code from the admin list', async () => {
    const user = userEvent.setup();
    const { email, token } = await newUser('confirm-admin');
    const adminToken = await api.login(api.superuser.email, api.superuser.password);
    const list = await api.call<{ data: { email: string; confirm_code: string | null }[] }>(
      'GET',
      '/users/?limit=100',
      adminToken,
    );
    const code = list.body.data.find((row) => row.email === email)?.confirm_code;
    expect(code).toMatch(/^\d{6}$/);

    renderApp('/settings', token);
    expect(
      await screen.findByRole('heading', { name: 'Confirm your email address' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'User Information' })).toBeTruthy();
    await user.type(screen.getByLabelText('Confirmation code'), `${code}{Enter}`);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Confirm your email address' })).toBeNull(),
    );
  });
});

/** How many times `value` occurs in the text of `region` (input values are not text). */
const occurrences = (region: HTMLElement, value: string) =>
  (region.textContent ?? '').split(value).length - 1;

describe("the 'My profile' region says each profile value once", () => {
  it('with the confirmation notice above the form, in view and in edit mode', async () => {
    const user = userEvent.setup();
    const { email, token } = await newUser('once');
    renderApp('/settings', token);
    const region = await screen.findByRole('tabpanel', { name: 'My profile' }, { timeout: 10_000 });
    await within(region).findByRole('heading', { name: 'Confirm your email address' });
    // A team's Playwright suite finds the profile's e-mail and name here by their exact text: one copy.
    expect(occurrences(region, email)).toBe(1);
    expect(occurrences(region, 'Extra User')).toBe(1);
    await user.click(within(region).getByRole('button', { name: 'Edit' }));
    expect(occurrences(region, email)).toBe(0);
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(occurrences(region, email)).toBe(1);
  });
});

describe('My profile extras', () => {
  it('uploads a real PNG with a preview; the photo shows in the user menu at once; removes it', async () => {
    // The user may pick "All files" in the chooser: the accept filter is not applied.
    const user = userEvent.setup({ applyAccept: false });
    const { token } = await newUser('photo');
    renderApp('/settings', token);
    const section = (
      await screen.findByRole('heading', { name: 'Profile photo' }, { timeout: 10_000 })
    ).closest('section') as HTMLElement;
    expect(within(section).getByText('No photo yet: your initials are shown.')).toBeTruthy();

    // A text file is refused on the client with the server's message.
    await user.upload(
      screen.getByLabelText('Choose a profile photo'),
      fixtureText('notes.txt', 'text/plain'),
    );
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The profile photo must be a PNG, JPEG or WebP image',
    );
    // A file that claims to be a PNG passes the client check; the server reads the content and refuses it.
    await user.upload(screen.getByLabelText('Choose a profile photo'), fixtureText('fake.png', 'image/png'));
    await user.click(await within(section).findByRole('button', { name: 'Upload photo' }));
    expect((await within(section).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'The profile photo must be a PNG, JPEG or WebP image',
    );
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();

    await user.upload(screen.getByLabelText('Choose a profile photo'), fixture('photo.png', 'image/png'));
    expect(await within(section).findByText(/Selected: photo\.png \(471 bytes\)/)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Upload photo' }));
    expect(
      await screen.findByText('Profile photo updated successfully.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const me = await api.call<{ profile_photo_url: string | null }>('GET', '/users/me', token);
    expect(me.body.profile_photo_url).toMatch(/\/files\/profile-photo\//);
    const menu = screen.getByRole('button', { name: 'Open user menu' });
    await waitFor(() => expect(menu.querySelector('img')?.getAttribute('src')).toMatch(/profile-photo/));

    await user.click(within(section).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Profile photo removed.')).toBeTruthy();
    await waitFor(() => expect(menu.querySelector('img')).toBeNull());
    // Without a photo the menu shows the same initials as the sidebar, not a generic icon.
    expect(menu.textContent).toMatch(/^[A-Z]{1,2}$/);
  });

  it('uploads an asset and lists it with its size and a download link', async () => {
    const user = userEvent.setup();
    const { token } = await newUser('asset');
    renderApp('/settings', token);
    const section = (await screen.findByRole('heading', { name: 'Asset' }, { timeout: 10_000 })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText('No asset uploaded yet.')).toBeTruthy();
    await user.upload(screen.getByLabelText('Choose an asset file'), fixture('photo.jpg', 'image/jpeg'));
    await user.click(await within(section).findByRole('button', { name: 'Upload asset' }));
    expect(await screen.findByText('Asset uploaded successfully.', {}, { timeout: 10_000 })).toBeTruthy();
    const file = await within(section).findByTestId('asset-file');
    expect(within(file).getByText('photo.jpg')).toBeTruthy();
    expect(within(file).getByText('354 bytes')).toBeTruthy();
    const link = within(file).getByRole('link', { name: 'Download photo.jpg' });
    expect(link.getAttribute('href')).toMatch(/\/files\/asset\/.+sig=/);
    expect(within(section).getByRole('button', { name: 'Replace asset' })).toBeTruthy();
  });

  it('changes the subscription plan after a confirmation', async () => {
    const user = userEvent.setup();
    const { token } = await newUser('plan');
    renderApp('/settings', token);
    const section = (
      await screen.findByRole('heading', { name: 'Subscription plan' }, { timeout: 10_000 })
    ).closest('section') as HTMLElement;
    expect(within(section).getByText('Current plan:').textContent).toContain('Free');
    await user.click(within(section).getByRole('button', { name: 'Switch to Plan 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      (await api.call<{ subscription_type: string }>('GET', '/users/me', token)).body.subscription_type,
    ).toBe('Free');

    await user.click(within(section).getByRole('button', { name: 'Switch to Plan 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    expect(dialog.textContent).toContain('Switch your plan from Free to Plan 2?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your plan is now Plan 2.')).toBeTruthy();
    await waitFor(() => expect(within(section).getByText('Current plan:').textContent).toContain('Plan 2'));
    expect(within(section).getByRole('button', { name: 'Switch to Free' })).toBeTruthy();
    expect(
      (await api.call<{ subscription_type: string }>('GET', '/users/me', token)).body.subscription_type,
    ).toBe('Plan2');
  });
});

function fixtureText(name: string, type: string): File {
  return new File(['just some text, not an image\n'], name, { type });
}
