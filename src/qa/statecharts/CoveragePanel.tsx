import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Fragment, useEffect, useState } from 'react';
import { badgeRecipe } from '../../ui/recipes';
import { Hint, Mono, ScrollingList } from './ChoiceList';
import { type CoverageKind, PAIR_MACHINES } from './coverage-kinds';
import { type KindItem, type KindView, kindViews } from './kinds-walked';
import type { MachineModel } from './model-kit';
import { loadFixture } from './recordings';
import { useLoaded } from './use-loaded';

/** Coverage beyond edges for the machine on screen (issue 25, point 3), measured when the panel opens. */

const KIND_TITLES: Record<CoverageKind, string> = {
  guards: 'Guard outcomes',
  pairs: 'Transition pairs',
  configurations: 'Configurations',
};

const NONE: Record<CoverageKind, string> = {
  guards: 'No guard: every transition of this machine is unconditional.',
  pairs: `Pairs are measured for ${PAIR_MACHINES.length} machines: the session, login, the lists, the profile and each dialog.`,
  configurations: 'No parallel regions: one atomic state is active at a time.',
};

function StatusBadge({ status }: { status: KindItem['status'] }) {
  const palette = status === 'walked' ? 'green' : status === 'unreachable' ? 'gray' : 'red';
  return (
    <Badge recipe={badgeRecipe} colorPalette={palette} variant="subtle" flexShrink={0}>
      {status}
    </Badge>
  );
}

function ItemList({ label, items }: { label: string; items: KindItem[] }) {
  return (
    <ScrollingList label={label} maxH={{ base: '260px', lg: '320px' }} focusable>
      {items.map((entry) => (
        <Box as="li" key={entry.item} px={2} py={1} borderBottomWidth="1px">
          <Flex gap={2} align="flex-start" justify="space-between">
            <Mono fontSize="xs" minW={0}>
              {entry.item}
            </Mono>
            <StatusBadge status={entry.status} />
          </Flex>
          {entry.reason ? <Hint mt={0.5}>{entry.reason}</Hint> : null}
        </Box>
      ))}
    </ScrollingList>
  );
}

function KindSection({ view }: { view: KindView }) {
  const [open, setOpen] = useState(view.kind !== 'pairs');
  const { measure } = view;
  const unreachable = measure.unreachable.length + measure.unlisted.length;
  const title = KIND_TITLES[view.kind];
  const headingId = `coverage-${view.kind}`;
  return (
    <Stack as="section" gap={1} minW={0} aria-labelledby={headingId}>
      <Flex align="center" gap={2} wrap="wrap">
        <Heading as="h3" size="sm" id={headingId}>
          {title}
        </Heading>
        {measure.defined > 0 ? (
          <Badge
            recipe={badgeRecipe}
            colorPalette={
              measure.covered === measure.reachable && measure.unlisted.length === 0 ? 'green' : 'red'
            }
            variant="outline"
          >
            {measure.covered}/{measure.reachable} walked
            {unreachable ? `, ${unreachable} unreachable` : ''}
          </Badge>
        ) : null}
      </Flex>
      {measure.defined === 0 ? (
        <Hint>{NONE[view.kind]}</Hint>
      ) : (
        <>
          <Hint>
            {measure.defined} defined, {measure.reachable} reachable with the model's events
            {measure.uncovered.length ? `, ${measure.uncovered.length} of them not walked` : ''}.
          </Hint>
          <Button
            size="xs"
            variant="outline"
            alignSelf="flex-start"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? `Hide the ${view.items.length}` : `Show the ${view.items.length}`} {title.toLowerCase()}
          </Button>
          {open ? <ItemList label={title} items={view.items} /> : null}
        </>
      )}
    </Stack>
  );
}

/** 'x of N' per kind, edges first: the panel's answer at a glance. */
function Summary({ edges, views }: { edges: { walked: number; total: number }; views: KindView[] | null }) {
  const rows = [
    ['Edges', edges.walked, edges.total] as const,
    ...(views ?? []).map(
      (view) => [KIND_TITLES[view.kind], view.measure.covered, view.measure.reachable] as const,
    ),
  ];
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns="auto 1fr"
      columnGap={3}
      fontSize="sm"
      data-testid="coverage-summary"
    >
      {rows.map(([title, walked, total]) => (
        <Fragment key={title}>
          <Text as="dt">{title}</Text>
          <Text as="dd" fontWeight="semibold">
            {total ? `${walked} of ${total} walked` : 'none'}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}

export function CoveragePanel({
  model,
  edges,
  onMeasured,
}: {
  model: MachineModel;
  edges: { walked: number; total: number };
  onMeasured: (views: KindView[] | null) => void;
}) {
  const shown = useLoaded(model.name, async () => {
    const fixture = await loadFixture(model.name);
    // A macrotask later: "Measuring…" is painted before the traversal (up to a few hundred ms) runs.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { views: fixture ? kindViews(model, fixture) : null };
  });
  useEffect(() => onMeasured(shown?.views ?? null), [shown, onMeasured]);

  return (
    <Stack gap={4} minW={0} data-testid="coverage">
      <Summary edges={edges} views={shown?.views ?? null} />
      <Hint>
        Beyond edges: what the committed paths (tests/fixtures/paths) and the pair paths take, against what
        the definition allows and its traversal reaches; `npm run coverage:paths` reports the same.
      </Hint>
      {!shown ? (
        <Text fontSize="sm" role="status">
          Measuring…
        </Text>
      ) : shown.views ? (
        shown.views.map((view) => <KindSection key={view.kind} view={view} />)
      ) : (
        <Text fontSize="sm" role="status">
          No tests/fixtures/paths/{model.name}.json: run npm run fixtures:paths.
        </Text>
      )}
    </Stack>
  );
}
