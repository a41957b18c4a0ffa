import { Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { requirementById } from '../requirements/requirements';
import { traceEdges } from '../requirements/trace';
import { ChoiceList, Hint } from './ChoiceList';

/**
 * The spec requirements of a machine's edges in the viewer's edge panel (src/qa/requirements): each
 * edge's ids beside it, the statements of the selected edge's, and the machine's requirements as a list
 * that filters the edges to those carrying the one chosen.
 */

export interface EdgeRequirements {
  /** The requirement ids each edge carries (by edge id; none for most). */
  byEdge: ReadonlyMap<string, string[]>;
  /** Every id the machine's edges carry, sorted. */
  ids: string[];
  /** The requirement the edges are filtered by, or null for all. */
  chosen: string | null;
  choose: (id: string | null) => void;
}

export function useEdgeRequirements(machine: AnyStateMachine): EdgeRequirements {
  const byEdge = useMemo(
    () => new Map(traceEdges(machine).map(({ edge, requirements }) => [edge.id, requirements])),
    [machine],
  );
  const ids = useMemo(() => [...new Set([...byEdge.values()].flat())].sort(), [byEdge]);
  const [chosen, choose] = useState<string | null>(null);
  return { byEdge, ids, chosen, choose };
}

/** The edges that carry the chosen requirement (all without one). */
export function edgesOf(requirements: EdgeRequirements, edgeIds: string[]): string[] {
  const { chosen } = requirements;
  return chosen ? edgeIds.filter((id) => requirements.byEdge.get(id)?.includes(chosen)) : edgeIds;
}

/** An edge as the list shows it: its id, then the requirements it carries. */
export function edgeWithRequirements(requirements: EdgeRequirements, edgeId: string): string {
  const ids = requirements.byEdge.get(edgeId) ?? [];
  return ids.length ? `${edgeId}  ⟨${ids.join(', ')}⟩` : edgeId;
}

/** The statements of the requirements one edge carries. */
export function EdgeRequirementList({ ids }: { ids: string[] }) {
  if (!ids.length) return <Hint>Requirements: none named.</Hint>;
  return (
    <Stack as="ul" gap={0.5} listStyleType="none" ps={0} aria-label="Requirements of the edge">
      {ids.map((id) => (
        <Text as="li" key={id} fontSize="xs" wordBreak="break-word">
          <Text as="span" fontFamily="mono" fontWeight="semibold">
            {id}
          </Text>{' '}
          {requirementById(id)?.statement ?? '(not in the requirements list)'}
        </Text>
      ))}
    </Stack>
  );
}

/** The machine's requirements: choosing one shows only the edges that carry it. */
export function RequirementFilter({ requirements }: { requirements: EdgeRequirements }) {
  if (!requirements.ids.length) return <Hint>No edge of this machine names a spec requirement.</Hint>;
  return (
    <Stack gap={1} minW={0}>
      <Heading as="h4" size="xs">
        Filter by requirement{requirements.chosen ? ` (${requirements.chosen})` : ''}
      </Heading>
      <ChoiceList
        label="Requirements"
        items={requirements.ids}
        text={(id) => `${id} ${requirementById(id)?.statement ?? ''}`}
        selected={requirements.chosen}
        onSelect={(id) => requirements.choose(id === requirements.chosen ? null : id)}
        maxH="160px"
      />
    </Stack>
  );
}
