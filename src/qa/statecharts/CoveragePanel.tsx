import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { badgeRecipe } from '../../ui/recipes';
import { ScrollingList } from './ChoiceList';
import { type CoverageKind, PAIR_MACHINES } from './coverage-kinds';
import { type KindItem, type KindView, kindViews } from './kinds-walked';
import type { MachineModel } from './model-kit';
import { loadFixture } from './recordings';

/**
 * Coverage beyond edges for the machine on screen (issue 25, point 3): guard outcomes, transition pairs
 * and the configurations of parallel regions, each item walked, or unreachable with its reason
 * (coverage-unreachable.json). Measured here, when the panel opens, from the committed paths
 * (kinds-walked.ts), as `npm run coverage:paths` measures them.
 */

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
            <Text fontSize="xs" fontFamily="mono" wordBreak="break-word" minW={0}>
              {entry.item}
            </Text>
            <StatusBadge status={entry.status} />
          </Flex>
          {entry.reason ? (
            <Text fontSize="xs" color="fg.muted" mt={0.5}>
              {entry.reason}
            </Text>
          ) : null}
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
        <Text fontSize="xs" color="fg.muted">
          {NONE[view.kind]}
        </Text>
      ) : (
        <>
          <Text fontSize="xs" color="fg.muted">
            {measure.defined} defined, {measure.reachable} reachable with the model's events
            {measure.uncovered.length ? `, ${measure.uncovered.length} of them not walked` : ''}.
          </Text>
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

export function CoveragePanel({ model }: { model: MachineModel }) {
  const [views, setViews] = useState<{ machine: string; views: KindView[] | null } | null>(null);
  useEffect(() => {
    let live = true;
    void loadFixture(model.name).then((fixture) => {
      // A macrotask later: "Measuring…" is painted before the traversal (up to a few hundred ms) runs.
      setTimeout(() => {
        if (live) setViews({ machine: model.name, views: fixture ? kindViews(model, fixture) : null });
      }, 0);
    });
    return () => {
      live = false;
    };
  }, [model]);
  const shown = views?.machine === model.name ? views : null;

  return (
    <Stack gap={4} minW={0} data-testid="coverage">
      <Text fontSize="xs" color="fg.muted">
        Beyond edges: what the committed paths (tests/fixtures/paths) and the pair paths take, against what
        the definition allows and its traversal reaches; `npm run coverage:paths` reports the same.
      </Text>
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
