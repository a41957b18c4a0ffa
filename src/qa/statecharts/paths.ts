import { getShortestPaths } from '@xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { eventLabel, type MachineModel } from './model-kit';

/**
 * The paths the model-based tests walk and the QA viewer steps through (one implementation, so the two
 * cannot drift). A traversal's vertex is a TRANSITION (previous state key, event, next state key), so the
 * shortest paths end once in every transition the events can take; the state key is the state value (plus
 * a model's abstraction of context), never the whole context, so the graph is finite.
 */

export interface PathStep {
  event: AnyEventObject;
  /** `form.set (valid input)` */
  label: string;
  /** The snapshot after the event, as the traversal computed it. */
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  /** Unique within the machine: `<input> · e1 → e2 → …`. */
  id: string;
  inputLabel: string;
  input: unknown;
  initial: AnyMachineSnapshot;
  steps: PathStep[];
}

/** The state key of a snapshot: value (and status when not active), plus the model's context abstraction. */
export function stateKey(model: MachineModel, snapshot: AnyMachineSnapshot, value?: string): string {
  const status = snapshot.status === 'active' ? '' : ` [${snapshot.status}]`;
  return `${value ?? JSON.stringify(snapshot.value)}${status}${model.key ? ` {${model.key(snapshot)}}` : ''}`;
}

export { stateLabel } from './state-label';

const cache = new Map<MachineModel, ModelPath[]>();

/** Every path of a machine: one traversal per model input, minus paths that are prefixes of others. */
export function generatePaths(model: MachineModel): ModelPath[] {
  const cached = cache.get(model);
  if (cached) return cached;
  const result: ModelPath[] = [];
  for (const { label, input } of model.inputs) {
    const paths = getShortestPaths(model.machine, {
      input,
      events: (snapshot: AnyMachineSnapshot) => {
        if (snapshot.status !== 'active') return [];
        const events = model.events(snapshot);
        const names = events.map(eventLabel);
        const twice = names.find((name, index) => names.indexOf(name) !== index);
        // The graph keys events by label: two payloads with one label would silently become one.
        if (twice) throw new Error(`${model.name}: two events are labelled '${twice}'; label payloads apart`);
        return events;
      },
      serializeEvent: (event: AnyEventObject) => eventLabel(event),
      serializeState: (
        snapshot: AnyMachineSnapshot,
        event: AnyEventObject | undefined,
        previous?: AnyMachineSnapshot,
      ) =>
        previous && event
          ? `${stateKey(model, previous)} --${eventLabel(event)}--> ${stateKey(model, snapshot)}`
          : stateKey(model, snapshot),
    });
    const mapped = paths.map((path) => {
      const [first, ...rest] = path.steps;
      const steps = rest.map((step) => ({
        event: step.event,
        label: eventLabel(step.event),
        state: step.state,
      }));
      return { initial: first?.state ?? path.state, steps };
    });
    // Keep the longest paths; drop each path whose event sequence starts another one.
    mapped.sort((a, b) => b.steps.length - a.steps.length);
    const kept: typeof mapped = [];
    const sequences: string[][] = [];
    for (const path of mapped) {
      const sequence = path.steps.map((step) => step.label);
      const isPrefix = sequences.some(
        (other) =>
          other.length >= sequence.length && sequence.every((label, index) => other[index] === label),
      );
      if (isPrefix) continue;
      kept.push(path);
      sequences.push(sequence);
    }
    kept.sort(
      (a, b) => a.steps.length - b.steps.length || pathName(a.steps).localeCompare(pathName(b.steps)),
    );
    const seen = new Set<string>();
    for (const path of kept) {
      let id = `${label} · ${pathName(path.steps)}`;
      for (let n = 2; seen.has(id); n++) id = `${label} · ${pathName(path.steps)} #${n}`;
      seen.add(id);
      result.push({ id, inputLabel: label, input, initial: path.initial, steps: path.steps });
    }
  }
  cache.set(model, result);
  return result;
}

export function pathName(steps: PathStep[]): string {
  return steps.length ? steps.map((step) => step.label).join(' → ') : '(start)';
}
