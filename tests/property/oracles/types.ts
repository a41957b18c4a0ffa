import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { RequirementId } from '../../../src/qa/requirements/requirements';

/**
 * What an oracle sees: the whole walk so far (snapshots, the actions each step executed, the injected
 * actors each step started and how they ended). Oracles are plain predicates over it, written from
 * the product spec (/work/shared/spec/product-spec.md), never from the machine or its test model.
 */

export interface TraceCall {
  src: string;
  /** Invoke id. */
  id: string;
  /** 1-based number of this call among the calls of the same invoke id. */
  n: number;
  input: unknown;
  /** Step that started it. */
  step: number;
  /** The machine stopped the actor (its state was left) before it answered. */
  stopped: boolean;
  /** The step in which it was stopped. */
  stoppedAt?: number;
  /** The walk resolved or rejected it. */
  settled: boolean;
}

export interface Step {
  index: number;
  kind: 'start' | 'send' | 'settle' | 'clock';
  label: string;
  /** The event sent from outside (kind 'send'). */
  event?: AnyEventObject;
  /** The injected call this step resolved or rejected (kind 'settle'). */
  settled?: { call: TraceCall; kind: 'done' | 'error'; value: unknown };
  before: AnyMachineSnapshot | undefined;
  snapshot: AnyMachineSnapshot;
  /** Actions the machine executed in this step, in order. */
  actions: { type: string; params: unknown }[];
  /** Injected actors started in this step. */
  calls: TraceCall[];
  /** Simulated clock, ms. */
  time: number;
}

export interface Trace {
  machine: string;
  input: unknown;
  inputLabel: string;
  steps: Step[];
  calls: TraceCall[];
}

/** An oracle over a machine's trace, or (UI walks, tests/ui/walks/ui-oracles.ts) over what a screen showed and sent. */
export interface Oracle<T = Trace> {
  /** Stable id, e.g. 'session.token-stored'. */
  id: string;
  /** The spec section it comes from, e.g. '§4'. */
  spec: string;
  /**
   * The requirements it checks (src/qa/requirements, the ids the machines' meta names): a failure
   * names them, so a fault reads as the spec rule it breaks.
   */
  requirements?: readonly RequirementId[];
  /** A violation message for the last step of the trace, or undefined when it holds. */
  check: (trace: T) => string | undefined;
}

export const current = (trace: Trace): Step => trace.steps[trace.steps.length - 1] as Step;
export const ran = (step: Step, type: string) => step.actions.filter((action) => action.type === type);
export const sentType = (step: Step) => step.event?.type;
/** The step sent an event the screen offered at that moment (one the machine did not ignore). */
export const accepted = (step: Step) => Boolean(step.event && step.before?.can(step.event));
/** The last step that sent an accepted event of `type`. */
export const lastAccepted = (trace: Trace, type: string) =>
  [...trace.steps].reverse().find((step) => sentType(step) === type && accepted(step));
/** A call that is still running: started, not answered, not stopped by the machine. */
export const isRunning = (call: TraceCall) => !call.stopped && !call.settled;

/** The steady value the screen shows; the machine crashing is a violation of every oracle module. */
export const crashed: Oracle = {
  id: 'any.no-crash',
  spec: '§1',
  check: (trace) => {
    const step = current(trace);
    return step.snapshot.status === 'error'
      ? `the machine crashed: ${String(step.snapshot.error)}`
      : undefined;
  },
};

export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Status and detail of an API failure (the openapi-fetch client's ApiError), if it is one. */
export function apiRefusal(error: unknown): { status: number; detail: unknown } | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return undefined;
  const body = (error as { body?: unknown }).body;
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : body;
  return { status, detail };
}
