import fc from 'fast-check';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  createActor,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import { eventLabel, type MachineModel } from '../../src/qa/statecharts/model-kit';
import {
  CRASH,
  definedEventTypes,
  labelOf,
  outcomeOf,
  parseSettle,
} from '../../src/qa/statecharts/step-labels';
import type { Oracle, Step, Trace, TraceCall } from './oracles/types';

/**
 * Property walks: a real actor of a machine driven by a random command sequence (fast-check), with
 * the spec's oracles checked after every step.
 *
 * - The event alphabet is the machine's own (every event type its definition handles, in any state),
 *   with the payload samples its test model offers (src/qa/statecharts) and the property's extra
 *   boundary samples; an event type the model has no sample for is sent bare, so an event added to a
 *   machine is walked without touching this file. One event no machine handles is always offered.
 * - Invoked actors are injected with `machine.provide({ actors })`: promise actors are deferreds that
 *   the command sequence resolves or rejects, in any order (stale ones too, after their state was
 *   left); the outcomes are the model's (its done outputs and API failures). Callback actors record
 *   their input; those listed in `timers` send their event on XState's SimulatedClock, which the
 *   `clock` commands advance.
 * - A command is a set of small numbers resolved against what the actor offers at that step, so
 *   fast-check shrinks a failure to a short path of readable labels, replayable by label.
 */

export interface PropertyMachine {
  model: MachineModel;
  oracles: Oracle[];
  /** Payload samples the model lacks (boundaries of the spec's rules). */
  extraEvents?: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /** Events that only the machine itself or an injected actor sends (never sent from outside). */
  internalEvents?: string[];
  /** Callback actors that tick on the simulated clock: src → the event they send and every how many ms. */
  timers?: Record<string, { event: string; everyMs: number }>;
  /** More walks for a machine whose faults need longer or rarer paths (parallel regions, timers). */
  runsFactor?: number;
}

export type Command =
  /** `any`: from every event offered (ignored ones too); else from those the current state accepts. */
  { t: 'send'; i: number; any: boolean } | { t: 'settle'; i: number; o: number } | { t: 'clock'; s: number };

export interface Walk {
  input: number;
  commands: Command[];
}

const UNHANDLED: AnyEventObject = { type: 'prop.unhandled' };
/** Clock steps: a second (the ticks), a few, and a minute (the resend interval) and one second short of it. */
const CLOCK_STEPS_SECONDS = [1, 5, 59, 60] as const;
const SECOND = 1000;

interface Pending {
  call: TraceCall;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface Outcome {
  label: string;
  kind: 'done' | 'error';
  value: unknown;
}

const flush = async () => {
  for (let i = 0; i < 12; i += 1) await Promise.resolve();
};

/** An oracle failed: which one, and the path to the step where it did. */
export class PropertyFailure extends Error {
  constructor(
    message: string,
    readonly oracle: string,
    readonly regression: Regression,
  ) {
    super(message);
  }
}

/** One walk: runs the commands, checks every oracle after every step, returns the trace. */
export class Runner {
  readonly trace: Trace;
  private readonly clock = new SimulatedClock();
  private readonly pending: Pending[] = [];
  private readonly outcomes = new Map<string, Outcome[]>();
  private readonly samples = new Map<string, AnyEventObject[]>();
  private readonly definedTypes: string[];
  private actions: Step['actions'] = [];
  private calls: TraceCall[] = [];
  private readonly actor;

  constructor(
    private readonly target: PropertyMachine,
    inputIndex: number,
  ) {
    const { model } = target;
    const input = model.inputs[inputIndex % model.inputs.length];
    if (!input) throw new Error(`${model.name}: no inputs`);
    this.definedTypes = definedEventTypes(model.machine);
    this.trace = { machine: model.name, input: input.input, inputLabel: input.label, steps: [], calls: [] };
    const actors: Record<string, unknown> = {};
    for (const [src, kind] of Object.entries(model.actors)) {
      actors[src] = kind === 'promise' ? this.promiseActor(src) : this.callbackActor(src);
    }
    const machine = model.machine.provide({ actors } as never);
    this.actor = createActor(machine, {
      input: input.input,
      clock: this.clock,
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.action' && event.actorRef === this.actor) {
          this.actions.push({ type: event.action.type, params: event.action.params });
        }
      },
    });
    this.actor.subscribe({ error: () => {} });
    this.actor.start();
    this.record({ kind: 'start', label: `start (${input.label})` }, undefined);
  }

  private register(src: string, id: string, input: unknown): TraceCall {
    const call: TraceCall = {
      src,
      id,
      n: this.trace.calls.filter((other) => other.id === id).length + 1,
      input,
      step: this.trace.steps.length,
      stopped: false,
      settled: false,
    };
    this.trace.calls.push(call);
    this.calls.push(call);
    return call;
  }

  private promiseActor(src: string) {
    return fromPromise(({ input, self, signal }) => {
      const call = this.register(src, self.id, input);
      signal.addEventListener('abort', () => {
        call.stopped = true;
        call.stoppedAt = this.trace.steps.length;
      });
      return new Promise((resolve, reject) => this.pending.push({ call, resolve, reject }));
    });
  }

  private callbackActor(src: string) {
    const timer = this.target.timers?.[src];
    return fromCallback(({ input, self, sendBack }) => {
      const call = this.register(src, self.id, input);
      let timeout: number | undefined;
      if (timer) {
        const arm = () => {
          timeout = this.clock.setTimeout(() => {
            sendBack({ type: timer.event });
            arm();
          }, timer.everyMs) as number;
        };
        arm();
      }
      return () => {
        call.stopped = true;
        call.stoppedAt = this.trace.steps.length;
        if (timeout !== undefined) this.clock.clearTimeout(timeout);
      };
    });
  }

  get snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  /** The events offered now: the model's samples (and those seen earlier), extra ones, bare types, one unhandled. */
  events(): AnyEventObject[] {
    const { model, extraEvents, internalEvents = [] } = this.target;
    const snapshot = this.snapshot;
    const offered = [...model.events(snapshot), ...(extraEvents?.(snapshot) ?? [])];
    for (const event of offered) {
      const outcome = outcomeOf(event);
      if (outcome && model.actors[outcome.id] === 'promise') {
        // A promise actor's outcome: offered through `settle`, from the model's samples.
        const list = this.outcomes.get(outcome.id) ?? [];
        if (!list.some((known) => known.label === outcome.label)) {
          list.push({ label: outcome.label, kind: outcome.kind, value: outcome.value });
          this.outcomes.set(outcome.id, list);
        }
        continue;
      }
      // Internal events are never sent; a callback actor's failure only while it runs (not kept as a sample).
      if (internalEvents.includes(event.type) || event.type.startsWith('xstate.')) continue;
      const list = this.samples.get(event.type) ?? [];
      if (!list.some((sample) => labelOf(sample) === labelOf(event))) list.push(event);
      this.samples.set(event.type, list);
    }
    const events: AnyEventObject[] = [];
    const seen = new Set<string>();
    const add = (event: AnyEventObject) => {
      const label = labelOf(event);
      if (seen.has(label)) return;
      seen.add(label);
      events.push(event);
    };
    // The current snapshot's samples first (they shrink best), then earlier ones, bare types, unhandled.
    for (const event of offered) {
      const promiseOutcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (promiseOutcome?.[2] && model.actors[promiseOutcome[2]] === 'promise') continue;
      if (!internalEvents.includes(event.type)) add(event);
    }
    for (const type of [...this.samples.keys()].sort())
      for (const event of this.samples.get(type) ?? []) add(event);
    for (const type of this.definedTypes) {
      if (!this.samples.has(type) && !internalEvents.includes(type)) add({ type });
    }
    add(UNHANDLED);
    return events;
  }

  private outcomesOf(call: TraceCall): Outcome[] {
    return [...(this.outcomes.get(call.id) ?? []), CRASH];
  }

  private record(
    partial: Pick<Step, 'kind' | 'label'> & Partial<Step>,
    before: AnyMachineSnapshot | undefined,
  ) {
    const step: Step = {
      index: this.trace.steps.length,
      before,
      snapshot: this.snapshot,
      actions: this.actions,
      calls: this.calls,
      time: this.clock.now(),
      ...partial,
    };
    this.actions = [];
    this.calls = [];
    this.trace.steps.push(step);
    // Collect the outcomes the model offers for the actors now running (settled in a later step).
    this.events();
    for (const oracle of this.target.oracles) {
      const violation = oracle.check(this.trace);
      if (violation) {
        throw new PropertyFailure(
          `${oracle.requirements?.length ? `${oracle.requirements.join(', ')} ` : ''}${oracle.id} (${oracle.spec}) violated at step ${step.index}: ${violation}\n${this.pathText()}`,
          oracle.id,
          this.regression(),
        );
      }
    }
  }

  pathText(): string {
    const lines = this.trace.steps.map(
      (step) => `  ${step.index}. ${step.label}  → ${stateText(step.snapshot)}`,
    );
    return `path (${this.trace.steps.length - 1} steps) of ${this.trace.machine}:\n${lines.join('\n')}\nas a regression: ${JSON.stringify(this.regression())}`;
  }

  regression(): Regression {
    return {
      machine: this.trace.machine,
      input: this.trace.inputLabel,
      steps: this.trace.steps.slice(1).map((step) => step.label),
    };
  }

  async send(event: AnyEventObject) {
    const before = this.snapshot;
    this.actor.send(event);
    await flush();
    this.record({ kind: 'send', label: `send ${labelOf(event)}`, event }, before);
  }

  /** Settles pending call `pendingIndex` with outcome `outcomeIndex`; false when nothing is pending. */
  async settle(
    pick: (pending: TraceCall[]) => number | undefined,
    outcome: (outcomes: Outcome[]) => number | undefined,
  ) {
    const open = this.pending.filter((entry) => !entry.call.settled);
    const index = pick(open.map((entry) => entry.call));
    const entry = index === undefined ? undefined : open[index];
    if (!entry) return false;
    const outcomes = this.outcomesOf(entry.call);
    const chosen = outcomes[outcome(outcomes) ?? -1];
    if (!chosen) return false;
    const before = this.snapshot;
    entry.call.settled = true;
    if (chosen.kind === 'done') entry.resolve(chosen.value);
    else entry.reject(chosen.value);
    await flush();
    const verb = chosen.kind === 'done' ? 'resolve' : 'reject';
    this.record(
      {
        kind: 'settle',
        label: `${verb} ${entry.call.id}#${entry.call.n} (${chosen.label})`,
        settled: { call: entry.call, kind: chosen.kind, value: chosen.value },
      },
      before,
    );
    return true;
  }

  /** Resolves or rejects the latest open call of invoke `id` with `value` (a model path's done/error event). */
  async settleWith(id: string, kind: 'done' | 'error', value: unknown, label: string) {
    const open = this.pending.filter((entry) => !entry.call.settled && entry.call.id === id);
    const entry = open[open.length - 1];
    if (!entry) throw new Error(`no open call of ${id} to ${kind === 'done' ? 'resolve' : 'reject'}`);
    const before = this.snapshot;
    entry.call.settled = true;
    if (kind === 'done') entry.resolve(value);
    else entry.reject(value);
    await flush();
    const verb = kind === 'done' ? 'resolve' : 'reject';
    this.record(
      {
        kind: 'settle',
        label: `${verb} ${id}#${entry.call.n} (${label})`,
        settled: { call: entry.call, kind, value },
      },
      before,
    );
  }

  async advance(seconds: number) {
    const before = this.snapshot;
    for (let second = 0; second < seconds; second += 1) this.clock.increment(SECOND);
    await flush();
    this.record({ kind: 'clock', label: `clock +${seconds} s` }, before);
  }

  async run(command: Command) {
    // A final state (a page form that navigates away) takes no more events: the walk ends there.
    if (this.snapshot.status !== 'active') return;
    if (command.t === 'send') {
      const offered = this.events();
      const enabled = offered.filter((candidate) => this.snapshot.can(candidate));
      const events = command.any || enabled.length === 0 ? offered : enabled;
      const event = events[command.i % events.length];
      if (event) await this.send(event);
    } else if (command.t === 'settle') {
      await this.settle(
        (open) => (open.length ? command.i % open.length : undefined),
        (outcomes) => command.o % outcomes.length,
      );
    } else {
      await this.advance(CLOCK_STEPS_SECONDS[command.s % CLOCK_STEPS_SECONDS.length] ?? 1);
    }
  }

  /** Replays one step by its label (regressions.json). */
  async replay(label: string, lenient = false) {
    const settle = parseSettle(label);
    const clock = /^clock \+(\d+) s$/.exec(label);
    if (label.startsWith('send ')) {
      // A labelled event matches by its name alone too: a sample whose payload follows a setting (the
      // page size's full and short pages) keeps its recorded path when the setting changes.
      const event = this.events().find(
        (candidate) =>
          `send ${labelOf(candidate)}` === label ||
          (eventLabel(candidate) !== candidate.type && `send ${eventLabel(candidate)}` === label),
      );
      if (!event)
        throw new Error(`replay: no event "${label}" is offered at step ${this.trace.steps.length}`);
      await this.send(event);
    } else if (settle) {
      const { id, n, outcome } = settle;
      const done = await this.settle(
        (open) => {
          const exact = open.findIndex((call) => call.id === id && call.n === n);
          if (exact >= 0 || !lenient) return exact < 0 ? undefined : exact;
          // Minimizing: an earlier call was cut, so the numbers moved; take the latest open call of that id.
          const latest = open.map((call) => call.id).lastIndexOf(id);
          return latest < 0 ? undefined : latest;
        },
        (outcomes) => {
          const index = outcomes.findIndex((candidate) => candidate.label === outcome);
          return index < 0 ? undefined : index;
        },
      );
      if (!done) throw new Error(`replay: cannot ${label} at step ${this.trace.steps.length}`);
    } else if (clock) {
      await this.advance(Number(clock[1]));
    } else {
      throw new Error(`replay: unknown step "${label}"`);
    }
  }

  stop() {
    this.actor.stop();
  }
}

export function stateText(snapshot: AnyMachineSnapshot): string {
  const value = JSON.stringify(snapshot.value).replace(/"/g, '');
  return snapshot.status === 'active' ? value : `${value} [${snapshot.status}]`;
}

export interface Regression {
  machine: string;
  input: string;
  steps: string[];
  /** Why this path is kept (the fault it caught). */
  why?: string;
}

// Indices without fast-check's bias towards small values (which would favour the first events offered);
// shrinking still goes towards 0, the current snapshot's first sample.
const index = (max: number) => fc.noBias(fc.nat(max));

export const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('send' as const),
      i: index(63),
      any: fc.noBias(fc.integer({ min: 0, max: 2 })).map((value) => value === 0),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('settle' as const), i: index(7), o: index(15) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('clock' as const), s: index(3) }) },
);

export function walkArbitrary(target: PropertyMachine, maxLength: number): fc.Arbitrary<Walk> {
  return fc.record({
    input: fc.nat(Math.max(0, target.model.inputs.length - 1)),
    commands: fc.array(commandArbitrary, { maxLength, size: 'max' }),
  });
}

/** The property: every oracle holds after every step of the walk. */
export async function runWalk(target: PropertyMachine, walk: Walk): Promise<void> {
  const runner = new Runner(target, walk.input);
  try {
    for (const command of walk.commands) await runner.run(command);
  } finally {
    runner.stop();
  }
}

/** Replays a path by its labels; throws PropertyFailure when an oracle fails, Error when a step cannot be made. */
export async function replayRegression(
  target: PropertyMachine,
  regression: Regression,
  lenient = false,
): Promise<Trace> {
  const index = target.model.inputs.findIndex((input) => input.label === regression.input);
  if (index < 0) throw new Error(`replay: ${regression.machine} has no input "${regression.input}"`);
  const runner = new Runner(target, index);
  try {
    for (const label of regression.steps) await runner.replay(label, lenient);
  } finally {
    runner.stop();
  }
  return runner.trace;
}

/** The failure of a path, or undefined when every oracle holds (or a step can no longer be made). */
async function failureOf(
  target: PropertyMachine,
  regression: Regression,
): Promise<PropertyFailure | undefined> {
  try {
    await replayRegression(target, regression, true);
    return undefined;
  } catch (error) {
    return error instanceof PropertyFailure ? error : undefined;
  }
}

/**
 * Cuts a failing path down by labels until no single step can be removed (fast-check's shrinking works
 * on the command numbers, which a removed step shifts).
 */
export async function minimize(target: PropertyMachine, failing: Regression, failure: PropertyFailure) {
  let path = failing;
  let last = failure;
  for (let index = path.steps.length - 1; index >= 0; index -= 1) {
    const candidate = { ...path, steps: path.steps.filter((_, at) => at !== index) };
    const found = await failureOf(target, candidate);
    if (found && found.oracle === last.oracle) {
      path = { ...candidate, steps: found.regression.steps };
      last = found;
      index = Math.min(index, path.steps.length);
    }
  }
  // Another input may fail the same way sooner.
  for (const input of target.model.inputs) {
    if (input.label === path.input) continue;
    const found = await failureOf(target, { ...path, input: input.label });
    if (found && found.oracle === last.oracle && found.regression.steps.length <= path.steps.length) {
      path = found.regression;
      last = found;
    }
  }
  return last;
}

export interface CheckOptions {
  runs: number;
  steps: number;
  seed?: number;
}

/** Runs the property; on failure, the report: seed, fast-check's path, and the minimal path by label. */
export async function checkMachine(
  target: PropertyMachine,
  options: CheckOptions,
): Promise<string | undefined> {
  const details = await fc.check(
    fc.asyncProperty(walkArbitrary(target, options.steps), (walk) => runWalk(target, walk)),
    { numRuns: options.runs, ...(options.seed === undefined ? {} : { seed: options.seed }) },
  );
  if (!details.failed) return undefined;
  const error = details.errorInstance;
  if (!(error instanceof PropertyFailure))
    return `${target.model.name}: ${String(error)} (seed ${details.seed})`;
  const minimal = await minimize(target, error.regression, error);
  return [
    `${target.model.name}: property failed after ${details.numRuns} runs; seed ${details.seed}, path "${details.counterexamplePath}" (PROPERTY_SEED=${details.seed} replays it)`,
    `shrunk by fast-check to ${error.regression.steps.length} steps, cut by label to ${minimal.regression.steps.length}:`,
    minimal.message,
  ].join('\n');
}
