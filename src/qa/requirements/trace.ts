import type { AnyStateMachine } from 'xstate';
import { allStateNodes, type DefinedEdge, definedEdges, enteredStates } from '../statecharts/edges';

/**
 * Which spec requirements each edge of a machine implements, read from the definition's meta
 * (`meta: { requirements: [...] }`, src/machines/requirements.ts):
 * - the edge's own transition's meta;
 * - the meta of every state the edge enters (its targets and the initial states below them: a state's
 *   requirement holds from each way into it);
 * - for the "every guard failed" edge (nothing taken), its candidate transitions' meta: the guard that
 *   says no is the same rule as the one that says yes (Next refused on a short page is R-FLOW-15 too).
 */

function requirementsOf(meta: unknown): string[] {
  const requirements = (meta as { requirements?: unknown } | undefined)?.requirements;
  return Array.isArray(requirements) ? requirements.filter((id) => typeof id === 'string') : [];
}

export interface TracedEdge {
  edge: DefinedEdge;
  requirements: string[];
}

/** Every defined edge of the machine with the requirements it carries (none for most). */
export function traceEdges(machine: AnyStateMachine): TracedEdge[] {
  const edges = definedEdges(machine);
  const nodes = new Map(allStateNodes(machine).map((node) => [node.id, node]));
  const own = (edge: DefinedEdge): string[] => {
    const states = enteredStates(edge, nodes);
    return [...requirementsOf(edge.transition?.meta), ...states.flatMap((node) => requirementsOf(node.meta))];
  };
  return edges.map((edge) => {
    // Nothing taken enters nothing: only the candidates' own meta applies.
    const ids = edge.transition
      ? own(edge)
      : edges
          .filter((other) => other.sourceId === edge.sourceId && other.event === edge.event)
          .flatMap((other) => requirementsOf(other.transition?.meta));
    return { edge, requirements: [...new Set(ids)].sort() };
  });
}

/** Every requirement id a machine's meta names, on a state or a transition (known or not). */
export function namedRequirements(machine: AnyStateMachine): string[] {
  const named = allStateNodes(machine).flatMap((node) => [
    ...requirementsOf(node.meta),
    ...[...(node.transitions as Map<string, { meta?: unknown }[]>).values()].flatMap((list) =>
      list.flatMap((transition) => requirementsOf(transition.meta)),
    ),
    ...(node.always ?? []).flatMap((transition) => requirementsOf(transition.meta)),
  ]);
  return [...new Set(named)].sort();
}
