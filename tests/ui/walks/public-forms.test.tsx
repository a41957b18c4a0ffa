import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type {
  LoginValues,
  RecoverPasswordValues,
  ResetPasswordValues,
  SignupValues,
} from '../../../src/machines/schemas';
import { modelByName } from '../../../src/qa/statecharts/models';
import { formDriver } from './form-driver';
import { describeUiWalk } from './runner';
import { deleteAccount, outcomesOf, uniqueEmail } from './support';

/**
 * The signed-out pages: Log In, Sign Up, Password Recovery and Reset Password (see form-driver.ts).
 * Login, signup and reset leave the page on success (their `succeeded` is final). What the server
 * refuses: an inactive account (login, reset), an e-mail already registered (signup), the recovery
 * limit of one address (recovery; it cannot be undone within the walk, so no success follows it).
 */

const session = modelByName('session');
const extra = session ? [session] : [];
const landedSignedIn = async () => {
  expect(await screen.findByText(/^Logged in as: /, {}, { timeout: 10_000 })).toBeTruthy();
};
const landedOnLogin = async () => {
  expect(await screen.findByRole('button', { name: 'Log In' }, { timeout: 10_000 })).toBeTruthy();
};

await describeUiWalk(
  formDriver<LoginValues>({
    machine: 'login',
    kind: 'page',
    route: '/login',
    signedOut: true,
    submitLabel: 'Log In',
    fields: { username: /^Email/, password: /^Password/ },
    first: ['username', 'not-an-email'],
    valid: (account) => ({ username: account.email, password: account.password }),
    invalid: { username: 'not-an-email', password: '' },
    successEnds: true,
    landed: landedSignedIn,
    // Success leaves the page (`landed`); the refusal is shown in the form.
    success: ['', ''],
    failure: ['', 'Inactive user'],
    failureInline: true,
  }),
  extra,
);

// Signup's refusal: the address was registered behind the page's back (and is freed again after).
const registered = new Map<string, string>();
await describeUiWalk(
  formDriver<SignupValues>({
    machine: 'signup',
    kind: 'page',
    route: '/signup',
    signedOut: true,
    submitLabel: 'Sign Up',
    fields: {
      full_name: /^Full name/,
      email: /^Email/,
      password: /^Password/,
      confirm_password: /^Confirm Password/,
    },
    first: ['full_name', 'Al'],
    valid: () => ({
      full_name: 'Alice Example',
      email: uniqueEmail('signup'),
      password: 'password-1',
      confirm_password: 'password-1',
    }),
    invalid: { full_name: 'Al', email: 'not-an-email', password: 'short', confirm_password: 'other' },
    refuse: async (walk, account, values) => {
      const email = values.email ?? '';
      const answer = await walk.api.call<{ id: string }>('POST', '/users/signup', undefined, {
        email,
        password: 'password-123',
        full_name: 'Taken',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      registered.set(account.id, answer.body.id);
    },
    accept: async (walk, account) => {
      const id = registered.get(account.id);
      if (id) await deleteAccount(walk.api, id);
      registered.delete(account.id);
    },
    successEnds: true,
    landed: landedOnLogin,
    success: ['Account created.', 'Your account has been created successfully.'],
    failure: ['Something went wrong.', 'The user with this email already exists in the system'],
  }),
  extra,
);

await describeUiWalk(
  formDriver<RecoverPasswordValues>({
    machine: 'recoverPassword',
    kind: 'page',
    route: '/recover-password',
    signedOut: true,
    submitLabel: 'Continue',
    fields: { email: /^Email$/ },
    first: ['email', 'not-an-email'],
    valid: () => ({ email: uniqueEmail('recover') }),
    invalid: { email: 'not-an-email' },
    refuse: async (walk, _account, values) => {
      const email = encodeURIComponent(values.email ?? '');
      for (let attempt = 0; attempt < 12; attempt++) {
        const answer = await walk.api.call('POST', `/password-recovery/${email}`);
        if (answer.status === 429) return;
      }
      throw new Error('the recovery limit never answered 429');
    },
    accept: async () => {},
    realisable: (path) => {
      const outcomes = outcomesOf(path, 'submit');
      const refused = outcomes.indexOf('400 detail');
      return refused === -1 || !outcomes.slice(refused).includes('success');
    },
    success: ['Email sent.', 'We sent an email with a link to get back into your account.'],
    failure: ['Error', /^Too many requests\. Try again in \d+ seconds\.$/],
  }),
  extra,
);

await describeUiWalk(
  formDriver<ResetPasswordValues>({
    machine: 'resetPassword',
    kind: 'page',
    route: async (walk, account) => {
      // The link of a real recovery e-mail (the outbox of the server under test).
      const asked = await walk.api.call('POST', `/password-recovery/${encodeURIComponent(account.email)}`);
      expect(asked.status).toBe(200);
      const link = await vi.waitFor(
        () => {
          const token = walk.api
            .outbox()
            .filter((message) => message.to.includes(account.email))
            .map((message) => /reset-password\?token=([\w.-]+)/.exec(message.html)?.[1])
            .find(Boolean);
          if (!token) throw new Error('no recovery e-mail yet');
          return `/reset-password?token=${token}`;
        },
        { timeout: 10_000 },
      );
      return link;
    },
    signedOut: true,
    submitLabel: 'Reset Password',
    fields: { new_password: /^Set Password/, confirm_password: /^Confirm Password/ },
    first: ['new_password', 'short'],
    valid: () => ({ new_password: 'password-2', confirm_password: 'password-2' }),
    invalid: { new_password: 'short', confirm_password: 'other' },
    successEnds: true,
    landed: landedOnLogin,
    success: ['Success!', 'Password updated successfully.'],
    failure: ['Error', 'Inactive user'],
  }),
  extra,
);
