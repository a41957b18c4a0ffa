import { Badge, Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyStateNode } from 'xstate';
import { useAppearanceActor } from '../../features/app/context';
import { Diagram } from './Diagram';
import { type DefinedEdge, definedEdges } from './edges';
import { type Layout, layoutMachine } from './layout';
import type { MachineModel } from './model-kit';
import { MODELS } from './models';
import { generatePaths, stateLabel } from './paths';
import { type WalkStep, walkPath } from './walk';
import { shortTestName, type WalkedTests, walkedBy } from './walked-by';

/**
 * The QA viewer: every machine drawn from its definition, the paths the model-based tests walk, and a
 * stepper that replays one path on a real actor (fakes decide the API outcomes) with the active state
 * and the edges taken highlighted.
 */

const groups = [...new Set(MODELS.map((model) => model.group))];

function ColorModeSwitch() {
  const appearance = useAppearanceActor();
  const mode = useSelector(appearance, (snapshot) => (snapshot.matches('dark') ? 'dark' : 'light'));
  return (
    <Flex gap={1} role="group" aria-label="Colour mode">
      {(['light', 'dark'] as const).map((value) => (
        <Button
          key={value}
          size="xs"
          variant={mode === value ? 'solid' : 'outline'}
          onClick={() => appearance.send({ type: 'appearance.change', mode: value })}
        >
          {value === 'light' ? 'Light' : 'Dark'}
        </Button>
      ))}
    </Flex>
  );
}

function MachineList({ selected, onSelect }: { selected: string; onSelect: (name: string) => void }) {
  return (
    <Flex
      as="nav"
      aria-label="Machines"
      direction={{ base: 'row', lg: 'column' }}
      gap={{ base: 3, lg: 4 }}
      overflowX={{ base: 'auto', lg: 'visible' }}
      pb={{ base: 1, lg: 0 }}
    >
      {groups.map((group) => (
        <Stack key={group} gap={1} flexShrink={0}>
          <Text
            fontSize="xs"
            fontWeight="bold"
            color="fg.muted"
            textTransform="uppercase"
            letterSpacing="wide"
          >
            {group}
          </Text>
          {MODELS.filter((model) => model.group === group).map((model) => (
            <Button
              key={model.name}
              size="sm"
              justifyContent="flex-start"
              variant={model.name === selected ? 'subtle' : 'ghost'}
              aria-current={model.name === selected ? 'page' : undefined}
              onClick={() => onSelect(model.name)}
            >
              {model.name}
            </Button>
          ))}
        </Stack>
      ))}
    </Flex>
  );
}

function useLayout(model: MachineModel): Layout | null {
  const [layout, setLayout] = useState<{ name: string; layout: Layout } | null>(null);
  useEffect(() => {
    let live = true;
    void layoutMachine(model.machine).then((result) => {
      if (live) setLayout({ name: model.name, layout: result });
    });
    return () => {
      live = false;
    };
  }, [model]);
  return layout?.name === model.name ? layout.layout : null;
}

function useWalk(model: MachineModel, pathId: string | null): WalkStep[] | null {
  const [walk, setWalk] = useState<{ key: string; steps: WalkStep[] } | null>(null);
  const key = `${model.name}|${pathId}`;
  useEffect(() => {
    const path = generatePaths(model).find((candidate) => candidate.id === pathId);
    if (!path) return;
    let live = true;
    const steps: WalkStep[] = [];
    void walkPath(model, path, (step) => {
      steps.push(step);
    }).then(() => {
      if (live) setWalk({ key: `${model.name}|${path.id}`, steps });
    });
    return () => {
      live = false;
    };
  }, [model, pathId]);
  return walk?.key === key ? walk.steps : null;
}

function TestList({ label, walked }: { label: string; walked: WalkedTests }) {
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold">
        {label}: {walked.count} test{walked.count === 1 ? '' : 's'}
        {walked.count > walked.tests.length ? ` (the ${walked.tests.length} shortest)` : ''}
      </Text>
      <Stack as="ul" gap={0.5} listStyleType="none" ps={0}>
        {walked.tests.map((name) => (
          <Text as="li" key={name} fontSize="xs" fontFamily="mono" wordBreak="break-word" color="fg.muted">
            {shortTestName(name)}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}

/** Every edge of the machine (keyboard reachable; a click on an arrow selects it too) and the tests that walk the selected one. */
function EdgePanel({
  machine,
  edges,
  selected,
  onSelect,
}: {
  machine: string;
  edges: DefinedEdge[];
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  const walked = selected ? walkedBy(machine, selected) : undefined;
  return (
    <Stack gap={2} minW={0} data-testid="edge-panel">
      <Heading as="h3" size="sm">
        Edges and the tests that walk them
      </Heading>
      {selected ? (
        <Box borderWidth="1px" borderRadius="md" p={2} bg="bg.subtle">
          <Text fontSize="sm" fontFamily="mono" fontWeight="semibold" wordBreak="break-word">
            {selected}
          </Text>
          {walked ? (
            <Stack gap={1} mt={1}>
              <TestList label="Machine level (tests/model)" walked={walked.machine} />
              <TestList label="UI level (tests/ui/walks)" walked={walked.ui} />
            </Stack>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              Not in src/qa/statecharts/walked-by.json yet: run npm run coverage:paths.
            </Text>
          )}
        </Box>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          Select an arrow in the diagram or an edge below.
        </Text>
      )}
      <Stack
        as="ul"
        aria-label="Edges"
        gap={0}
        maxH="200px"
        overflowY="auto"
        borderWidth="1px"
        borderRadius="md"
        listStyleType="none"
      >
        {edges.map((edge) => (
          <Box as="li" key={edge.id} borderBottomWidth="1px">
            <Button
              size="xs"
              width="full"
              h="auto"
              py={1}
              justifyContent="flex-start"
              textAlign="start"
              whiteSpace="normal"
              wordBreak="break-word"
              fontFamily="mono"
              fontWeight="normal"
              variant={edge.id === selected ? 'subtle' : 'ghost'}
              aria-pressed={edge.id === selected}
              onClick={() => onSelect(edge.id === selected ? null : edge.id)}
            >
              {edge.id}
            </Button>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

export function StatechartsPage() {
  const [name, setName] = useState(MODELS[0]?.name ?? '');
  const model = MODELS.find((candidate) => candidate.name === name) ?? (MODELS[0] as MachineModel);
  const layout = useLayout(model);
  const paths = useMemo(() => generatePaths(model), [model]);
  const edges = useMemo(() => definedEdges(model.machine), [model]);
  const [filter, setFilter] = useState('');
  const [pathId, setPathId] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [edgeId, setEdgeId] = useState<string | null>(null);
  const steps = useWalk(model, pathId);
  const step = steps?.[Math.min(index, steps.length - 1)];

  const select = (next: string) => {
    setName(next);
    setPathId(null);
    setIndex(0);
    setFilter('');
    setEdgeId(null);
  };
  const choosePath = (id: string) => {
    setPathId(id);
    setIndex(0);
  };

  const active = useMemo(
    () => new Set<string>(step ? (step.snapshot._nodes as AnyStateNode[]).map((node) => node.id) : []),
    [step],
  );
  const taken = useMemo(() => new Set<string>(step ? step.edges.map((edge) => edge.id) : []), [step]);
  const shown = paths.filter((path) => path.id.toLowerCase().includes(filter.toLowerCase()));

  // The current step stays in view in its list while stepping.
  const stepList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!step) return;
    stepList.current
      ?.querySelector('[aria-current="step"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [step]);

  return (
    <Flex
      direction={{ base: 'column', lg: 'row' }}
      minH="100vh"
      h={{ lg: '100vh' }}
      bg="bg"
      color="fg"
      overflowX="clip"
      data-testid="statecharts-page"
    >
      <Box
        as="aside"
        p={{ base: 3, lg: 4 }}
        borderRightWidth={{ lg: '1px' }}
        borderBottomWidth={{ base: '1px', lg: 0 }}
        bg="bg.subtle"
        w={{ lg: '220px' }}
        flexShrink={0}
        minW={0}
        overflowY={{ lg: 'auto' }}
      >
        <Heading as="h1" size="md" mb={1}>
          Statecharts
        </Heading>
        <Text fontSize="xs" color="fg.muted" mb={{ base: 2, lg: 4 }}>
          Drawn from src/machines at run time
        </Text>
        <MachineList selected={model.name} onSelect={select} />
      </Box>
      <Flex as="main" direction="column" flex="1" minW={0} minH={0} p={{ base: 3, lg: 4 }} gap={3}>
        <Flex align="center" gap={2} wrap="wrap">
          <Heading as="h2" size="lg">
            {model.name}
          </Heading>
          <Badge colorPalette="teal">{model.group}</Badge>
          <Badge variant="outline">{edges.length} edges</Badge>
          <Badge variant="outline">{paths.length} test paths</Badge>
          <Box flex="1" />
          <ColorModeSwitch />
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          Boxes are states (nested states inside their parent, ● marks the initial state). Arrows are
          transitions: the event, then [guards], then / actions. “done:” and “error:” are the results of
          invoked actors.
        </Text>
        <Flex flex="1" minH={0} direction={{ base: 'column', lg: 'row' }} gap={4}>
          <Flex
            direction="column"
            flex={{ lg: '1' }}
            minW={0}
            minH={0}
            h={{ base: '60vh', lg: 'auto' }}
            position={{ base: 'sticky', lg: 'static' }}
            top={0}
            zIndex={1}
            bg="bg"
            pb={{ base: 2, lg: 0 }}
          >
            <Box flex="1" minH={0}>
              {layout ? (
                <Diagram
                  layout={layout}
                  active={active}
                  taken={taken}
                  selectedEdge={edgeId}
                  onSelectEdge={setEdgeId}
                />
              ) : (
                <Text>Laying out…</Text>
              )}
            </Box>
            {/* The stepper's controls sit under the diagram: the highlight and Next are in view together. */}
            <Flex align="center" gap={2} pt={2} data-testid="stepper">
              <Heading as="h3" size="sm" flex="1" minW={0}>
                {steps ? `Step ${step?.index ?? 0} of ${steps.length - 1}` : 'Pick a path to step through it'}
              </Heading>
              <Button
                size="xs"
                variant="outline"
                disabled={!steps || index <= 0}
                onClick={() => setIndex(index - 1)}
              >
                Previous
              </Button>
              <Button
                size="xs"
                disabled={!steps || index >= steps.length - 1}
                onClick={() => setIndex(index + 1)}
              >
                Next
              </Button>
            </Flex>
          </Flex>
          <Stack w={{ lg: '380px' }} flexShrink={0} minW={0} minH={0} overflowY={{ lg: 'auto' }} gap={4}>
            <Stack gap={2}>
              {steps ? (
                <Stack
                  as="ol"
                  ref={stepList}
                  aria-label="Steps of the path"
                  tabIndex={0}
                  gap={0}
                  maxH={{ base: '240px', lg: '280px' }}
                  overflowY="auto"
                  borderWidth="1px"
                  borderRadius="md"
                  listStyleType="none"
                >
                  {steps.map((entry, position) => (
                    <Box
                      as="li"
                      key={entry.index}
                      px={3}
                      py={1.5}
                      cursor="pointer"
                      bg={position === index ? 'teal.subtle' : undefined}
                      borderBottomWidth="1px"
                      onClick={() => setIndex(position)}
                      aria-current={position === index ? 'step' : undefined}
                    >
                      <Text fontSize="sm" fontFamily="mono" fontWeight="semibold" wordBreak="break-word">
                        {entry.index}. {entry.label}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
                        → {stateLabel(entry.snapshot)}
                        {entry.edges.length ? ` · via ${entry.edges.map((edge) => edge.id).join('; ')}` : ''}
                      </Text>
                    </Box>
                  ))}
                </Stack>
              ) : null}
            </Stack>
            <EdgePanel machine={model.name} edges={edges} selected={edgeId} onSelect={setEdgeId} />
            <Stack gap={2} minW={0}>
              <Heading as="h3" size="sm">
                Test paths ({shown.length} of {paths.length})
              </Heading>
              <Input
                size="sm"
                placeholder="Filter paths, e.g. error: 422"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                aria-label="Filter paths"
              />
              <Stack
                as="ul"
                aria-label="Test paths"
                // A scrolling list is reachable by keyboard even when its buttons are filtered away.
                tabIndex={0}
                gap={0}
                maxH={{ base: '360px', lg: '420px' }}
                overflowY="auto"
                borderWidth="1px"
                borderRadius="md"
                listStyleType="none"
              >
                {shown.map((path) => (
                  <Box as="li" key={path.id} borderBottomWidth="1px">
                    <Button
                      size="xs"
                      width="full"
                      h="auto"
                      py={1.5}
                      justifyContent="flex-start"
                      textAlign="start"
                      whiteSpace="normal"
                      wordBreak="break-word"
                      fontFamily="mono"
                      fontWeight="normal"
                      variant={path.id === pathId ? 'subtle' : 'ghost'}
                      aria-pressed={path.id === pathId}
                      onClick={() => choosePath(path.id)}
                    >
                      {path.id}
                    </Button>
                  </Box>
                ))}
              </Stack>
            </Stack>
          </Stack>
        </Flex>
      </Flex>
    </Flex>
  );
}
