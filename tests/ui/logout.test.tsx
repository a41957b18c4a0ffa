import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onSessionRefusal } from '../../src/api/refusal';
import { readUserMe, revokeToken } from '../../src/api/services';
import { TOKEN_KEY } from '../../src/api/token';
import { type Api, renderApp, startApi } from './harness';

/** Server-side logout from the SPA (issue 26 point 5), against the real API server. */

let api: Api;
const password = 'password-123';

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

async function newUser(prefix: string): Promise<{ email: string; token: string }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await api.call('POST', '/users/signup', undefined, {
    email,
    password,
    full_name: 'Logout',
  });
  expect(created.status).toBe(200);
  return { email, token: await api.login(email, password) };
}

const meStatus = async (token: string) => (await api.call('GET', '/users/me', token)).status;

async function logOut(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: 'Open user menu' }));
  await u.click(await screen.findByRole('menuitem', { name: 'Log out' }));
}

describe('Log out', () => {
  it('revokes the token on the server, and signs out without waiting for the server', async () => {
    const account = await newUser('logout');
    const other = await api.login(account.email, password);
    const { app } = renderApp('/', account.token);
    await screen.findByText(`Logged in as: ${account.email}`, {}, { timeout: 10_000 });
    const u = userEvent.setup();
    // The server answers nothing while paused: the sign-out must not wait for its answer.
    api.pause();
    try {
      await logOut(u);
      expect(app.session.getSnapshot().value).toBe('signedOut');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
    } finally {
      api.resume();
    }
    // Once the server answers, the token is refused; the account's other session is not.
    await waitFor(async () => expect(await meStatus(account.token)).toBe(403), { timeout: 10_000 });
    expect(await meStatus(other)).toBe(200);
    app.session.stop();
  });

  it("the logout call's refusal is not reported to the session (it must not end a new sign-in)", async () => {
    const account = await newUser('logout-refused');
    // The token is refused already (all sessions ended elsewhere): POST /logout answers 403.
    expect((await api.call('POST', '/users/me/sessions/revoke', account.token)).status).toBe(200);
    const reported: string[] = [];
    const stop = onSessionRefusal((refusal) => reported.push(refusal));
    try {
      await revokeToken(account.token);
      expect(reported).toEqual([]);
      // Control: the same refusal through the client is reported.
      localStorage.setItem(TOKEN_KEY, account.token);
      await readUserMe().catch(() => {});
      expect(reported).toEqual(['ends']);
    } finally {
      stop();
      localStorage.removeItem(TOKEN_KEY);
    }
  });
});

describe('Log out everywhere', () => {
  it('ends every session of the account, this one included', async () => {
    const account = await newUser('everywhere');
    const other = await api.login(account.email, password);
    const { app } = renderApp('/settings', account.token);
    await screen.findByText(`Logged in as: ${account.email}`, {}, { timeout: 10_000 });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out everywhere' });
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Log In' }, { timeout: 10_000 })).toBeTruthy();
    expect(await meStatus(other)).toBe(403);
    expect(await meStatus(account.token)).toBe(403);
    app.session.stop();
  });
});
