import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, recordRequests, renderApp, startApi } from './harness';

let api: Api;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

describe('/login', () => {
  it('shows the form with its texts', async () => {
    renderApp('/login');
    expect(await screen.findByPlaceholderText('Email')).toBeTruthy();
    expect(screen.getByPlaceholderText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/recover-password',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
  });

  it('validates on blur and on submit', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    // The field is the e-mail; the spec's message says 'Username', letter for letter, as the field's error;
    // a hint of its own under it says they are one.
    const root = email.closest('[data-part="root"]');
    await waitFor(() =>
      expect(root?.querySelector('[data-part="error-text"]')?.textContent).toBe('Username is required'),
    );
    expect(root?.querySelector('[data-part="helper-text"]')?.textContent).toBe(
      'Your username is your e-mail address.',
    );
    const described = (email.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toContain(root?.querySelector('[data-part="helper-text"]')?.id);
    expect(document.title).toBe('Log In - Full Stack Project');
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it("shows the API's detail under the password field when login fails", async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), api.superuser.email);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Incorrect email or password')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('logs in, stores the token and greets the user on /', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), api.superuser.email);
    await user.type(screen.getByLabelText('Password'), api.superuser.password);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(`Hi, ${api.superuser.email}`, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Welcome back, nice to see you again!')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeTruthy();
  });

  it("sends the spec's form-encoded username and password, and nothing else (no empty scope)", async () => {
    const user = userEvent.setup();
    const recording = recordRequests(api);
    try {
      renderApp('/login');
      await user.type(await screen.findByLabelText('Email'), api.superuser.email);
      await user.type(screen.getByLabelText('Password'), api.superuser.password);
      await user.click(screen.getByRole('button', { name: 'Log In' }));
      await waitFor(() => expect(localStorage.getItem('access_token')).toBeTruthy());
    } finally {
      recording.stop();
    }
    const logins = recording.sent.filter((request) => request.path === '/login/access-token');
    expect(logins).toHaveLength(1);
    expect(logins[0].contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect([...new URLSearchParams(logins[0].body)]).toEqual([
      ['username', api.superuser.email],
      ['password', api.superuser.password],
    ]);
  });

  it('redirects to / when a token is stored', async () => {
    const token = await api.login(api.superuser.email, api.superuser.password);
    const { app } = renderApp('/login', token);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(`Hi, ${api.superuser.email}`, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
