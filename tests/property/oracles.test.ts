import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { confirmEmailMachine } from '../../src/machines/confirm-email';
import { sessionMachine } from '../../src/machines/session';
import { confirmEmailOracles } from './oracles/account';
import { sessionOracles } from './oracles/session';
import type { Oracle, Step, Trace, TraceCall } from './oracles/types';

/**
 * The temporal oracles on hand-made traces: each one fails on the history it forbids and holds on the
 * one the spec allows (the walks rarely produce the forbidden one from correct machines).
 */

const oracle = (list: Oracle[], id: string) => {
  const found = list.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};

const session = (value: unknown, token: string) =>
  sessionMachine.resolveState({
    value: value as never,
    context: { token, error: null },
  }) as AnyMachineSnapshot;

function call(src: string, step: number, extra: Partial<TraceCall> = {}): TraceCall {
  return { src, id: src, n: 1, input: undefined, step, stopped: false, settled: false, ...extra };
}

function trace(
  input: unknown,
  steps: Omit<Step, 'index' | 'before' | 'time'>[],
  times: number[] = [],
): Trace {
  const built: Step[] = [];
  steps.forEach((step, index) => {
    built.push({ ...step, index, before: built[index - 1]?.snapshot, time: times[index] ?? 0 });
  });
  return {
    machine: 'test',
    input,
    inputLabel: 'test',
    steps: built,
    calls: built.flatMap((step) => step.calls),
  };
}

describe('session.no-protected-call-after-logout (§7)', () => {
  const check = oracle(sessionOracles, 'session.no-protected-call-after-logout').check;
  const start = {
    kind: 'start' as const,
    label: 'start',
    snapshot: session({ signedIn: 'ready' }, 't'),
    actions: [],
    calls: [],
  };
  const logout = {
    kind: 'send' as const,
    label: 'logout',
    event: { type: 'session.logout' },
    snapshot: session('signedOut', ''),
    actions: [{ type: 'removeToken', params: undefined }],
    calls: [],
  };

  it('fails on a current-user call after logout that no login preceded', () => {
    const sync = {
      kind: 'send' as const,
      label: 'another tab',
      event: { type: 'session.sync' },
      snapshot: session({ signedIn: 'loading' }, 'other'),
      actions: [{ type: 'storeToken', params: { token: 'other' } }],
      calls: [call('loadCurrentUser', 2)],
    };
    expect(check(trace({ token: 't' }, [start, logout, sync]))).toMatch(/after the session ended at step 1/);
  });

  it('holds when a login came first', () => {
    const login = {
      kind: 'send' as const,
      label: 'login',
      event: { type: 'session.login', token: 'new' },
      snapshot: session({ signedIn: 'loading' }, 'new'),
      actions: [{ type: 'storeToken', params: { token: 'new' } }],
      calls: [call('loadCurrentUser', 2)],
    };
    expect(check(trace({ token: 't' }, [start, logout, login]))).toBeUndefined();
  });
});

describe('confirm.resend-waits-interval (server interval, simulated clock)', () => {
  const check = oracle(confirmEmailOracles, 'confirm.resend-waits-interval').check;
  const snapshot = confirmEmailMachine.resolveState({
    value: { active: { code: 'idle', resend: 'ready' } },
    context: { code: '', error: null, resendError: null, cooldown: 0, sent: false, user: null },
  });
  const sent = call('resendCode', 1, { settled: true });
  const steps = (again: TraceCall) => [
    { kind: 'start' as const, label: 'start', snapshot, actions: [], calls: [] },
    {
      kind: 'send' as const,
      label: 'resend',
      event: { type: 'confirm.resend' },
      snapshot,
      actions: [],
      calls: [sent],
    },
    {
      kind: 'settle' as const,
      label: 'sent',
      settled: { call: sent, kind: 'done' as const, value: {} },
      snapshot,
      actions: [],
      calls: [],
    },
    {
      kind: 'send' as const,
      label: 'resend',
      event: { type: 'confirm.resend' },
      snapshot,
      actions: [],
      calls: [again],
    },
  ];

  it('fails on a new code asked for one second before the minute', () => {
    expect(check(trace(undefined, steps(call('resendCode', 3, { n: 2 })), [0, 0, 1000, 60_999]))).toMatch(
      /allowed from 61 s/,
    );
  });

  it('holds a minute after the code was sent', () => {
    expect(
      check(trace(undefined, steps(call('resendCode', 3, { n: 2 })), [0, 0, 1000, 61_000])),
    ).toBeUndefined();
  });
});
