import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { recoverPasswordMachine, resetPasswordMachine, signupMachine } from '../../src/machines/flows';
import { fieldError, visibleErrors } from '../../src/machines/form';
import { loginMachine } from '../../src/machines/login-flow';
import { changePasswordMachine } from '../../src/machines/signed-in-flows';
import { controllableSubmit, flush } from './helpers';

function fill(actor: { send: (e: never) => void }, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'form.change', field, value } as never);
    actor.send({ type: 'form.blur', field } as never);
  }
}

describe('login machine', () => {
  it('validates on blur and shows errors only for fields left', () => {
    const actor = createActor(loginMachine).start();
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    actor.send({ type: 'form.change', field: 'username', value: 'not-an-email' });
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({});
    actor.send({ type: 'form.blur', field: 'username' });
    expect(fieldError(actor.getSnapshot().context, 'username')).toBe('Invalid email address');
    expect(fieldError(actor.getSnapshot().context, 'password')).toBeUndefined();
  });

  it('collects every error on submit and stays editing', () => {
    const submit = controllableSubmit();
    const actor = createActor(loginMachine.provide({ actors: { submit: submit.logic } })).start();
    actor.send({ type: 'form.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ editing: 'invalid' });
    expect(fieldError(snapshot.context, 'username')).toBe('Username is required');
    expect(fieldError(snapshot.context, 'password')).toBe('Password is required');
    expect(submit.calls).toHaveLength(0);
  });

  it('submits valid values, then succeeds with the token', async () => {
    const submit = controllableSubmit();
    const onSuccess = vi.fn();
    const actor = createActor(
      loginMachine.provide({ actors: { submit: submit.logic }, actions: { onSuccess } }),
    ).start();
    fill(actor, { username: 'a@example.com', password: 'x' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submit.calls[0]?.values).toEqual({ username: 'a@example.com', password: 'x' });
    submit.resolve({ access_token: 'tok', token_type: 'bearer' });
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.output).toEqual({ access_token: 'tok', token_type: 'bearer' });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('fails, keeps the error, and returns to editing on change', async () => {
    const submit = controllableSubmit();
    const onFailure = vi.fn();
    const actor = createActor(
      loginMachine.provide({ actors: { submit: submit.logic }, actions: { onFailure } }),
    ).start();
    fill(actor, { username: 'a@example.com', password: 'wrong' });
    actor.send({ type: 'form.submit' });
    const error = { status: 400, body: { detail: 'Incorrect email or password' } };
    submit.reject(error);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(onFailure).toHaveBeenCalledTimes(1);
    actor.send({ type: 'form.change', field: 'password', value: 'again' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
  });

  it('can retry straight from failed', async () => {
    const submit = controllableSubmit();
    const actor = createActor(loginMachine.provide({ actors: { submit: submit.logic } })).start();
    fill(actor, { username: 'a@example.com', password: 'pw' });
    actor.send({ type: 'form.submit' });
    submit.reject(new Error('network'));
    await flush();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submit.calls).toHaveLength(2);
  });
});

describe('signup machine', () => {
  it('applies the signup rules with their messages', () => {
    const actor = createActor(signupMachine).start();
    fill(actor, { full_name: 'Al', email: 'bad', password: 'short', confirm_password: '' });
    const { context } = actor.getSnapshot();
    expect(fieldError(context, 'full_name')).toBe('Full Name must be at least 3 characters');
    expect(fieldError(context, 'email')).toBe('Invalid email address');
    expect(fieldError(context, 'password')).toBe('Password must be at least 8 characters');
    expect(fieldError(context, 'confirm_password')).toBe('Password confirmation is required');
  });

  it('collects all messages of a field', () => {
    const actor = createActor(signupMachine).start();
    fill(actor, { email: '' });
    expect(actor.getSnapshot().context.errors.email).toEqual(['Email is required', 'Invalid email address']);
    fill(actor, { full_name: '' });
    expect(actor.getSnapshot().context.errors.full_name).toEqual([
      'Full Name is required',
      'Full Name must be at least 3 characters',
    ]);
  });

  it('reports mismatching passwords on the confirmation', () => {
    const actor = createActor(signupMachine).start();
    fill(actor, {
      full_name: 'Alice',
      email: 'a@example.com',
      password: 'password-1',
      confirm_password: 'password-2',
    });
    expect(fieldError(actor.getSnapshot().context, 'confirm_password')).toBe('The passwords do not match');
    fill(actor, { confirm_password: 'password-1' });
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({});
  });
});

describe('recover and reset password machines', () => {
  it('recover: requires an e-mail and clears the form after success', async () => {
    const submit = controllableSubmit();
    const onSuccess = vi.fn();
    const actor = createActor(
      recoverPasswordMachine.provide({ actors: { submit: submit.logic }, actions: { onSuccess } }),
    ).start();
    actor.send({ type: 'form.submit' });
    expect(fieldError(actor.getSnapshot().context, 'email')).toBe('Email is required');
    fill(actor, { email: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    submit.resolve({ message: 'sent' });
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.values).toEqual({ email: '' });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('reset: new password rules and confirmation', () => {
    const actor = createActor(resetPasswordMachine).start();
    actor.send({ type: 'form.submit' });
    const { context } = actor.getSnapshot();
    expect(fieldError(context, 'new_password')).toBe('Password is required');
    expect(fieldError(context, 'confirm_password')).toBe('Password confirmation is required');
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
  });

  it('change password: the current password is required, the new one is checked', () => {
    const actor = createActor(changePasswordMachine).start();
    fill(actor, { current_password: '', new_password: 'short', confirm_password: 'short' });
    const { context } = actor.getSnapshot();
    expect(fieldError(context, 'current_password')).toBe('Password is required');
    expect(fieldError(context, 'new_password')).toBe('Password must be at least 8 characters');
  });
});

describe('form.set (several fields at once, e.g. autofill)', () => {
  it('fills the form and re-checks it', () => {
    const actor = createActor(loginMachine).start();
    actor.send({ type: 'form.set', values: { username: 'a@example.com', password: 'pw' } });
    expect(actor.getSnapshot().value).toEqual({ editing: 'valid' });
    actor.send({ type: 'form.set', values: { username: '', password: '' } });
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    expect(actor.getSnapshot().context.values).toEqual({ username: '', password: '' });
  });
});

describe('every page form opens with its fields empty', () => {
  it.each([
    ['signup', signupMachine],
    ['login', loginMachine],
    ['recoverPassword', recoverPasswordMachine],
    ['resetPassword', resetPasswordMachine],
    ['changePassword', changePasswordMachine],
  ] as const)('%s', (_name, machine) => {
    const { values } = createActor(machine).start().getSnapshot().context;
    expect(Object.keys(values).length).toBeGreaterThan(0);
    for (const [field, value] of Object.entries(values)) expect(value, field).toBe('');
  });
});

describe('the page charts', () => {
  it('a page form has no blocked state: Save always submits', () => {
    expect(Object.keys(loginMachine.root.states.editing.states)).toEqual(['checking', 'invalid', 'valid']);
    const actor = createActor(loginMachine).start();
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('after a reset-on-success the fields are empty but the answer is kept', async () => {
    const submit = controllableSubmit();
    const actor = createActor(recoverPasswordMachine.provide({ actors: { submit: submit.logic } })).start();
    actor.send({ type: 'form.set', values: { email: 'alice@example.com' } });
    actor.send({ type: 'form.submit' });
    submit.resolve({ message: 'Password recovery email sent' });
    await flush();
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('succeeded');
    expect(context.values).toEqual({ email: '' });
    expect(context.output).toEqual({ message: 'Password recovery email sent' });
    // Submitting the cleared form shows the errors again.
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'invalid' });
    expect(fieldError(actor.getSnapshot().context, 'email')).toBeDefined();
  });

  it('a page that leaves on success ends in a final state', async () => {
    const submit = controllableSubmit();
    const actor = createActor(resetPasswordMachine.provide({ actors: { submit: submit.logic } })).start();
    actor.send({ type: 'form.set', values: { new_password: 'password-2', confirm_password: 'password-2' } });
    actor.send({ type: 'form.submit' });
    submit.resolve({ message: 'Password updated successfully' });
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().status).toBe('done');
  });
});
