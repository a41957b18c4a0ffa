import type { AnyEventObject, AnyStateMachine, AnyStateNode } from 'xstate';
import { eventLabel } from './model-kit';

/**
 * How a property walk names its steps (tests/property/harness.ts prints them, regressions.json keeps
 * them, the viewer's replay reads them back): `send <event label> {payload}`, `resolve <invoke>#<n>
 * (<outcome>)`, `reject …`, `clock +<n> s`. One implementation, so a printed path replays the same in
 * the tests and in the viewer.
 */

/** A readable rendering of a payload value (errors by status and detail, files by name, type, size). */
export function show(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string')
    return value.length > 24
      ? `${JSON.stringify(`${value.slice(0, 12)}…`)} (${value.length} chars)`
      : JSON.stringify(value);
  if (typeof value !== 'object') return String(value);
  if (typeof File !== 'undefined' && value instanceof File)
    return `File(${JSON.stringify(value.name)}, ${JSON.stringify(value.type)}, ${value.size} B)`;
  const status = (value as { status?: unknown }).status;
  if (value instanceof Error || typeof status === 'number') {
    const body = (value as { body?: { detail?: unknown } }).body;
    const detail = body && typeof body === 'object' ? body.detail : body;
    return typeof status === 'number'
      ? `${status} ${JSON.stringify(Array.isArray(detail) ? detail[0]?.msg : detail)}`
      : `${value.constructor.name}(${JSON.stringify((value as Error).message)})`;
  }
  if (Array.isArray(value)) return `[${value.length} rows]`;
  if (depth > 1) return '{…}';
  const entries = Object.entries(value).map(([key, inner]) => `${key}: ${show(inner, depth + 1)}`);
  return `{${entries.join(', ')}}`;
}

/** An event as a `send` step names it: the model's label, then the payload. */
export function labelOf(event: AnyEventObject): string {
  const { type, ...payload } = event;
  const named = eventLabel(event);
  const shown = Object.keys(payload).length > 0 ? ` ${show(payload)}` : '';
  return named === type ? `${type}${shown}` : `${named}${shown}`;
}

const SETTLES = /^xstate\.(done|error)\.actor\.(.+)$/;

export interface ActorOutcome {
  /** The invoke id. */
  id: string;
  kind: 'done' | 'error';
  value: unknown;
  /** `success: {…}`, `401: 401 "Could not validate credentials"`: the part in a settle step's brackets. */
  label: string;
}

/** A model's done/error event of an invoked actor as the outcome a settle step names; else undefined. */
export function outcomeOf(event: AnyEventObject): ActorOutcome | undefined {
  const match = SETTLES.exec(event.type);
  if (!match?.[2]) return undefined;
  const kind = match[1] as 'done' | 'error';
  const value =
    kind === 'done' ? (event as { output?: unknown }).output : (event as { error?: unknown }).error;
  const named = eventLabel(event)
    .replace(event.type, '')
    .replace(/^ \((.*)\)$/, '$1');
  const label =
    kind === 'done' ? `${named || 'success'}: ${show(value)}` : `${named || 'failure'}: ${show(value)}`;
  return { id: match[2], kind, value, label };
}

/** The outcome every call can also have: the actor crashes. */
export const CRASH: Omit<ActorOutcome, 'id'> = {
  label: 'crash: Error("boom")',
  kind: 'error',
  value: new Error('boom'),
};

/** `resolve submit#1 (success: …)` → its parts; undefined for another kind of step. */
export function parseSettle(
  label: string,
): { kind: 'done' | 'error'; id: string; n: number; outcome: string } | undefined {
  const settle = /^(resolve|reject) (.+)#(\d+) \((.+)\)$/.exec(label);
  if (!settle) return undefined;
  const [, verb, id = '', n, outcome = ''] = settle;
  return { kind: verb === 'resolve' ? 'done' : 'error', id, n: Number(n), outcome };
}

/** Every event type the machine's definition handles (any state), actor completions excluded. */
export function definedEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const type of Object.keys(node.config.on ?? {})) types.add(type);
    for (const child of Object.values(node.states ?? {})) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return [...types].filter((type) => !type.startsWith('xstate.')).sort();
}
