import type { AnyStateMachine, StateValue } from 'xstate';
import { definedEdges, loggedEdges } from './edges';
import type { LoggedEvent } from './inspector/useInspector';
import type { MachineModel } from './model-kit';
import type { RecordedPath } from './replay';
import { liveLabel } from './state-label';

/**
 * A bug report that replays (issue 36 item 4): the live log saved as a file (each event's masked payload
 * and context, the state and edges) with the version of each machine, so that the Replay panel can replay
 * one actor on today's machine and name the recorded edges today's machine lacks.
 */

export const RECORDING_FORMAT = 'statecharts-recording/1';

export interface RecordedEvent {
  machine: string;
  /** The actor (tab and session id): one recording may hold several. */
  actor: string;
  path: string;
  time: number;
  type: string;
  payload: Record<string, unknown>;
  value: StateValue | null;
  status: string;
  context: unknown;
  /** The edges the event took, as the recording build's viewer named them. */
  edges: string[];
}

export interface LiveRecording {
  format: typeof RECORDING_FORMAT;
  saved: string;
  /** Machine name → version (a hash of its edges): a changed machine is told apart from an unchanged one. */
  machines: Record<string, string>;
  events: RecordedEvent[];
}

/** FNV-1a of the machine's edge ids: the same chart, the same version. */
export function machineVersion(machine: AnyStateMachine): string {
  let hash = 0x811c9dc5;
  for (const char of definedEdges(machine)
    .map((edge) => edge.id)
    .join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function recordingOf(log: LoggedEvent[], models: MachineModel[], saved = new Date()): LiveRecording {
  const byName = new Map(models.map((model) => [model.name, model]));
  const machines: Record<string, string> = {};
  const events = log.map((entry): RecordedEvent => {
    const model = byName.get(entry.actor.machine);
    if (model) machines[model.name] ??= machineVersion(model.machine);
    return {
      machine: entry.actor.machine,
      actor: `${entry.actor.tab}:${entry.actor.id}`,
      path: entry.actor.path,
      time: entry.time,
      type: entry.type,
      payload: entry.payload as Record<string, unknown>,
      value: entry.actor.value,
      status: entry.actor.status,
      context: entry.actor.context,
      edges: model ? loggedEdges(model.machine, definedEdges(model.machine), entry) : [],
    };
  });
  return { format: RECORDING_FORMAT, saved: saved.toISOString(), machines, events };
}

/** A recording read from a file, or what is wrong with it. */
export function parseRecording(text: string): LiveRecording | string {
  let value: Partial<LiveRecording>;
  try {
    value = JSON.parse(text);
  } catch {
    return 'Not a recording: the file is not JSON.';
  }
  if (
    value?.format !== RECORDING_FORMAT ||
    !Array.isArray(value.events) ||
    typeof value.machines !== 'object'
  )
    return `Not a recording: a recording is the file the Live view's “Save recording” downloads (${RECORDING_FORMAT}).`;
  return value as LiveRecording;
}

/** The actors of one machine in a recording, in order of their first event. */
export function recordedActors(recording: LiveRecording, machine: string): { actor: string; text: string }[] {
  const counts = new Map<string, { path: string; count: number }>();
  for (const event of recording.events.filter((candidate) => candidate.machine === machine)) {
    const seen = counts.get(event.actor) ?? { path: event.path, count: 0 };
    counts.set(event.actor, { ...seen, count: seen.count + 1 });
  }
  return [...counts].map(([actor, { path, count }]) => ({
    actor,
    text: `${actor} on ${path}: ${count} event${count === 1 ? '' : 's'}`,
  }));
}

/**
 * One actor's events as a path to replay: from the state (and masked context) after its first recorded
 * event, each later event with the state the recording reached.
 */
export function liveRecordingPath(recording: LiveRecording, actor: string): RecordedPath {
  const [first, ...rest] = recording.events.filter((event) => event.actor === actor && event.value !== null);
  return {
    kind: 'live',
    machine: first?.machine ?? '',
    id: `${actor}, saved ${recording.saved}`,
    input: 'recorded state',
    start: first ? liveLabel(first) : undefined,
    from: first ? { value: first.value as StateValue, context: first.context } : undefined,
    steps: rest.map((event) => ({
      label: event.type,
      event: { ...event.payload, type: event.type },
      expected: liveLabel(event),
    })),
  };
}

/** The recorded edges of `machine` that today's machine lacks (empty when its version is the same). */
export function vanishedEdges(recording: LiveRecording, model: MachineModel): string[] {
  if (recording.machines[model.name] === machineVersion(model.machine)) return [];
  const today = new Set(definedEdges(model.machine).map((edge) => edge.id));
  const recorded = recording.events
    .filter((event) => event.machine === model.name)
    .flatMap((event) => event.edges);
  return [...new Set(recorded)].filter((edge) => !today.has(edge));
}
