import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../src/api/client';
import { type Api, renderApp, startApi } from './harness';

let api: Api;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

describe('public screens', () => {
  it('signs up, then goes to /login with "Account created."', async () => {
    const user = userEvent.setup();
    const { app } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'New Person');
    await user.type(screen.getByLabelText('Email'), 'new.person@example.com');
    await user.type(screen.getByLabelText('Password'), 'password-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password-999');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'password-123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Account created.')).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    // The login form starts with the new account's address, the password field focused.
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new.person@example.com'),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(await api.login('new.person@example.com', 'password-123')).toBeTruthy();
  });

  it('a signup whose answer was lost, sent again, is answered with the account it made (Idempotency-Key)', async () => {
    const user = userEvent.setup();
    // The network drops the first answer after the server has made the account.
    const real = globalThis.fetch;
    const keys: (string | null)[] = [];
    globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.endsWith('/users/signup')) return real(request);
      keys.push(request.headers.get('idempotency-key'));
      const answer = await real(request);
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return answer;
    };
    setApiBaseUrl(api.url);
    try {
      const { app } = renderApp('/signup');
      await user.type(await screen.findByLabelText('Full name'), 'Lost Answer');
      await user.type(screen.getByLabelText('Email'), 'lost.answer@example.com');
      await user.type(screen.getByLabelText('Password'), 'password-123');
      await user.type(screen.getByLabelText('Confirm Password'), 'password-123');
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect((await screen.findAllByText('Something went wrong.')).length).toBeGreaterThan(0);
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(await screen.findByText('Account created.')).toBeTruthy();
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    } finally {
      globalThis.fetch = real;
      setApiBaseUrl(api.url);
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await api.login('lost.answer@example.com', 'password-123')).toBeTruthy();
  });

  it('a duplicate signup shows "Something went wrong." with the detail', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Admin Again');
    await user.type(screen.getByLabelText('Email'), api.superuser.email);
    await user.type(screen.getByLabelText('Password'), 'password-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password-123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(await screen.findByText(/already exists/)).toBeTruthy();
  });

  it('recovers and resets a password with the e-mailed token', async () => {
    const user = userEvent.setup();
    await api.call('POST', '/users/signup', undefined, {
      email: 'forgetful@example.com',
      password: 'password-123',
      full_name: 'Forgetful',
    });
    const recover = renderApp('/recover-password');
    expect(await screen.findByRole('heading', { name: 'Password Recovery' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'forgetful@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email sent.')).toBeTruthy();
    expect(screen.getByText('We sent an email with a link to get back into your account.')).toBeTruthy();
    const mail = await waitFor(
      () => {
        const found = api
          .outbox()
          .find((m) => m.to.includes('forgetful@example.com') && m.html.includes('reset-password?token='));
        if (!found) throw new Error('no e-mail yet');
        return found;
      },
      { timeout: 5_000 },
    );
    const token = /reset-password\?token=([\w.-]+)/.exec(mail.html)?.[1];
    expect(token).toBeTruthy();

    recover.unmount();
    const { app } = renderApp(`/reset-password?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Set Password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/Confirm Password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    // The reset token names the account: the login form starts with its address.
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('forgetful@example.com'),
    );
    expect(await api.login('forgetful@example.com', 'brand-new-pass')).toBeTruthy();
  });

  it('a bad reset token shows an error toast', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=bogus');
    await user.type(await screen.findByLabelText(/Set Password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/Confirm Password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(await screen.findByText('Invalid token')).toBeTruthy();
  });

  it('/reset-password without a token says the link is invalid and offers a new one', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This password reset link is invalid');
    expect(screen.queryByLabelText(/Set Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/recover-password',
    );
  });

  it('each public screen has one h1, its tab title, and no field labelled by its placeholder alone', async () => {
    for (const [path, title] of [
      ['/login', 'Log In'],
      ['/signup', 'Sign Up'],
      ['/recover-password', 'Password Recovery'],
      ['/reset-password?token=x', 'Reset Password'],
    ] as const) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      for (const input of document.querySelectorAll('input')) {
        const label = document.querySelector(`label[for="${input.id}"]`);
        expect(label?.textContent, `${path} ${input.name}`).toBeTruthy();
        // Chakra's srOnly label is taken out of the flow and clipped to 1 px; a visible one is not.
        expect(getComputedStyle(label as Element).position, `${path} ${input.name}`).not.toBe('absolute');
      }
      unmount();
    }
  });

  it('each public screen has its own tab title', async () => {
    for (const [path, title] of [
      ['/signup', 'Sign Up'],
      ['/recover-password', 'Password Recovery'],
      ['/reset-password?token=x', 'Reset Password'],
      ['/no-such-page', 'Page not found'],
    ] as const) {
      const { unmount } = renderApp(path);
      await waitFor(() => expect(document.title).toBe(`${title} - Full Stack Project`));
      unmount();
    }
  });

  it('an unknown path shows the 404 page', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('Oops!')).toBeTruthy();
    expect(screen.getByText('Page not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
  });

  it('the signed-in layout sends visitors without a token to /login', async () => {
    const { app } = renderApp('/items');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });
});
