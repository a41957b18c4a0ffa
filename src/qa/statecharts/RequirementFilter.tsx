import { Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { requirementById } from '../requirements/requirements';
import { traceEdges } from '../requirements/trace';
import { ChoiceList, Hint } from './ChoiceList';

/** The spec requirements of a machine's edges in the edge panel (src/qa/requirements), and a filter by them. */

/** The requirement ids each edge carries (none for most), every id among them, and the one the edges are filtered by. */
export function useEdgeRequirements(machine: AnyStateMachine) {
  const byEdge = useMemo(
    () => new Map(traceEdges(machine).map(({ edge, requirements }) => [edge.id, requirements])),
    [machine],
  );
  const ids = useMemo(() => [...new Set([...byEdge.values()].flat())].sort(), [byEdge]);
  const [chosen, choose] = useState<string | null>(null);
  return { byEdge, ids, chosen, choose };
}

export type EdgeRequirements = ReturnType<typeof useEdgeRequirements>;

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
