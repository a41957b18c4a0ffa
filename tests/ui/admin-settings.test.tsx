import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, chooseMenuItem, recordRequests, renderApp, startApi } from './harness';

let api: Api;
let adminToken: string;

beforeAll(async () => {
  api = await startApi();
  adminToken = await api.login(api.superuser.email, api.superuser.password);
  await api.call('POST', '/users/', adminToken, {
    email: 'plan@example.com',
    password: 'password-123',
    full_name: 'Plan User',
    is_active: true,
    is_superuser: false,
    subscription_type: 'Plan2',
  });
});

afterAll(async () => {
  await api?.close();
});

describe('/admin', () => {
  it('shows the users with the spec columns; your own row is badged and locked', async () => {
    renderApp('/admin', adminToken);
    expect(
      await screen.findByRole('heading', { name: 'Users Management' }, { timeout: 10_000 }),
    ).toBeTruthy();
    for (const name of [
      'Full name',
      'Email',
      'Role',
      'Status',
      'Subscription Type',
      'Email Confirmed',
      'Confirm Code',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
    const mine = (await screen.findByText(api.superuser.email)).closest('tr') as HTMLElement;
    expect(within(mine).getByText('You')).toBeTruthy();
    expect(within(mine).getByText('Superuser')).toBeTruthy();
    expect(within(mine).getAllByText('N/A')).toHaveLength(2);
    expect((within(mine).getByRole('button', { name: /Actions for/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const other = screen.getByText('plan@example.com').closest('tr') as HTMLElement;
    expect(within(other).getByText('Plan 2')).toBeTruthy();
    expect(within(other).getByText('User')).toBeTruthy();
    expect(within(other).getByText('Active')).toBeTruthy();
    expect(within(other).getByText('No confirmation')).toBeTruthy();
    expect(within(other).getByText(/^\d{6}$/)).toBeTruthy();
  });

  it('adds a user (defaults off) and edits the profile fields', async () => {
    const user = userEvent.setup();
    renderApp('/admin', adminToken);
    await user.click(await screen.findByRole('button', { name: 'Add User' }, { timeout: 10_000 }));
    const add = await screen.findByRole('dialog', { name: 'Add User' });
    expect((within(add).getByRole('checkbox', { name: 'Is superuser?' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((within(add).getByRole('checkbox', { name: 'Is active?' }) as HTMLInputElement).checked).toBe(
      false,
    );
    // The pattern message is hidden on admin forms; the field still says what an e-mail looks like.
    const email = within(add).getByLabelText(/^Email/);
    await user.type(email, 'new.user');
    await user.tab();
    expect(await within(add).findByText('An e-mail address looks like name@example.com.')).toBeTruthy();
    expect(within(add).queryByText('Invalid email address')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, '@example.com');
    await waitFor(() =>
      expect(within(add).queryByText('An e-mail address looks like name@example.com.')).toBeNull(),
    );
    await user.type(within(add).getByLabelText('Full name'), 'New User');
    await user.type(within(add).getByLabelText(/Set Password/), 'password-123');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(add).findByText('Please confirm your password')).toBeTruthy();
    // Save with errors takes focus to the first field in error.
    await waitFor(() => expect(document.activeElement).toBe(within(add).getByLabelText(/Confirm Password/)));
    await user.type(within(add).getByLabelText(/Confirm Password/), 'password-123');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User created successfully.')).toBeTruthy();
    const row = (await screen.findByText('new.user@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Inactive')).toBeTruthy();

    await chooseMenuItem(
      user,
      within(row).getByRole('button', { name: 'Actions for New User' }),
      'Edit User',
    );
    const edit = await screen.findByRole('dialog', { name: 'Edit User' });
    expect((within(edit).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(edit).getByLabelText('Major'), 'Physics');
    await user.selectOptions(within(edit).getByLabelText('Gender'), 'Female');
    await user.selectOptions(within(edit).getByLabelText('Subscription type'), 'Plan1');
    await user.click(within(edit).getByRole('checkbox', { name: 'Is active?' }));
    await user.click(within(edit).getByRole('checkbox', { name: 'Is e-mail confirmed?' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully.')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Plan 1')).toBeTruthy());
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Confirmed')).toBeTruthy();
    const users = await api.call<{ data: { email: string; major: string; gender: string }[] }>(
      'GET',
      '/users/?limit=100',
      adminToken,
    );
    const saved = users.body.data.find((u) => u.email === 'new.user@example.com');
    expect(saved).toMatchObject({ major: 'Physics', gender: 'Female' });
  });

  it("Add User sends the spec's five fields; Change Password asks for an empty confirmation in the general words", async () => {
    const user = userEvent.setup();
    const recording = recordRequests(api);
    try {
      renderApp('/admin', adminToken);
      await user.click(await screen.findByRole('button', { name: 'Add User' }, { timeout: 10_000 }));
      const add = await screen.findByRole('dialog', { name: 'Add User' });
      await user.type(within(add).getByLabelText(/^Email/), 'five.fields@example.com');
      await user.type(within(add).getByLabelText('Full name'), 'Five Fields');
      await user.type(within(add).getByLabelText(/Set Password/), 'password-123');
      await user.type(within(add).getByLabelText(/Confirm Password/), 'password-123');
      await user.click(within(add).getByRole('checkbox', { name: 'Is active?' }));
      await user.click(within(add).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('User created successfully.')).toBeTruthy();
    } finally {
      recording.stop();
    }
    const creates = recording.sent.filter(
      (request) => request.method === 'POST' && request.path === '/users/',
    );
    expect(creates).toHaveLength(1);
    // Sent again after a lost answer, the create is answered with the user it made (Idempotency-Key).
    expect(creates[0].idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(creates[0].body)).toEqual({
      email: 'five.fields@example.com',
      full_name: 'Five Fields',
      password: 'password-123',
      is_superuser: false,
      is_active: true,
    });

    // 'Please confirm your password' is admin create's; the Change Password form says the general words.
    const row = (await screen.findByText('five.fields@example.com')).closest('tr') as HTMLElement;
    await chooseMenuItem(
      user,
      within(row).getByRole('button', { name: /Actions for/ }),
      'Change Password User',
    );
    const change = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.type(within(change).getByLabelText(/Set Password/), 'password-456');
    await user.click(within(change).getByRole('button', { name: 'Save' }));
    expect(await within(change).findByText('Password confirmation is required')).toBeTruthy();
    expect(within(change).queryByText('Please confirm your password')).toBeNull();
  });

  it("marks a breached password on Set Password (Add User, a row's Change Password) until the next edit", async () => {
    const breached =
      'This password is too common and appears in lists of breached passwords. Choose a different one.';
    const user = userEvent.setup();
    renderApp('/admin', adminToken);
    await user.click(await screen.findByRole('button', { name: 'Add User' }, { timeout: 10_000 }));
    const add = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(add).getByLabelText(/^Email/), 'breached@example.com');
    await user.type(within(add).getByLabelText(/Set Password/), 'password123');
    await user.type(within(add).getByLabelText(/Confirm Password/), 'password123');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    // On the field (the toast, outside the dialog, says it too), then gone with the next edit.
    expect(await within(add).findByText(breached)).toBeTruthy();
    const password = within(add).getByLabelText(/Set Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.type(password, '!');
    await waitFor(() => expect(within(add).queryByText(breached)).toBeNull());
    await user.click(within(add).getByRole('button', { name: 'Cancel' }));

    const row = (await screen.findByText('plan@example.com')).closest('tr') as HTMLElement;
    await chooseMenuItem(
      user,
      within(row).getByRole('button', { name: /Actions for/ }),
      'Change Password User',
    );
    const change = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.type(within(change).getByLabelText(/Set Password/), 'iloveyou1');
    await user.type(within(change).getByLabelText(/Confirm Password/), 'iloveyou1');
    await user.click(within(change).getByRole('button', { name: 'Save' }));
    expect(await within(change).findByText(breached)).toBeTruthy();
    expect(
      within(change)
        .getByLabelText(/Set Password/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });
});

describe('/settings', () => {
  it('a superuser sees three tabs, no Danger zone', async () => {
    renderApp('/settings', adminToken);
    expect(await screen.findByRole('heading', { name: 'User Settings' }, { timeout: 10_000 })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['My profile', 'Password', 'Appearance']);
  });

  it('a user edits the profile (Save only when changed), cancels, and deletes the account', async () => {
    const user = userEvent.setup();
    await api.call('POST', '/users/signup', undefined, {
      email: 'leaving@example.com',
      password: 'password-123',
      full_name: 'Leaving Soon',
    });
    const token = await api.login('leaving@example.com', 'password-123');
    const { app } = renderApp('/settings', token);
    expect(await screen.findByText('Leaving Soon', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain('Danger zone');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const fullName = screen.getByLabelText('Full name');
    await user.clear(fullName);
    await user.type(fullName, 'Still Here');
    expect(save.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Leaving Soon')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully.')).toBeTruthy();
    expect(await screen.findByText('Renamed')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Danger zone' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmation Required' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your account has been successfully deleted.')).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('the appearance choice switches the class on <html> and persists', async () => {
    const user = userEvent.setup();
    renderApp('/settings', adminToken);
    await user.click(await screen.findByRole('tab', { name: 'Appearance' }, { timeout: 10_000 }));
    await user.click(await screen.findByText('Dark Mode'));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem('color-mode')).toBe('dark');
    await user.click(screen.getByText('Light Mode'));
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true));
    expect(localStorage.getItem('color-mode')).toBe('light');
  });

  it('a refused token logs the user out cleanly', async () => {
    const { app } = renderApp('/', 'not-a-valid-token');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
  });
});
