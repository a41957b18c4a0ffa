import { Badge, Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { AnyStateNode } from 'xstate';
import { useAppearanceActor } from '../../features/app/context';
import { Diagram } from './Diagram';
import { definedEdges } from './edges';
import { type Layout, layoutMachine } from './layout';
import type { MachineModel } from './model-kit';
import { MODELS } from './models';
import { generatePaths, stateLabel } from './paths';
import { type WalkStep, walkPath } from './walk';

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
    <Stack as="nav" aria-label="Machines" gap={4} minW="200px">
      {groups.map((group) => (
        <Stack key={group} gap={1}>
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
    </Stack>
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

export function StatechartsPage() {
  const [name, setName] = useState(MODELS[0]?.name ?? '');
  const model = MODELS.find((candidate) => candidate.name === name) ?? (MODELS[0] as MachineModel);
  const layout = useLayout(model);
  const paths = useMemo(() => generatePaths(model), [model]);
  const edges = useMemo(() => definedEdges(model.machine), [model]);
  const [filter, setFilter] = useState('');
  const [pathId, setPathId] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const steps = useWalk(model, pathId);
  const step = steps?.[Math.min(index, steps.length - 1)];

  const select = (next: string) => {
    setName(next);
    setPathId(null);
    setIndex(0);
  };
  const choosePath = (id: string) => {
    setPathId(id);
    setIndex(0);
  };

  const active = new Set<string>(step ? (step.snapshot._nodes as AnyStateNode[]).map((node) => node.id) : []);
  const taken = new Set<string>(step ? step.edges.map((edge) => edge.id) : []);
  const shown = paths.filter((path) => path.id.toLowerCase().includes(filter.toLowerCase()));

  return (
    <Flex minH="100vh" bg="bg" color="fg" data-testid="statecharts-page">
      <Box as="aside" p={4} borderRightWidth="1px" bg="bg.subtle">
        <Heading as="h1" size="md" mb={1}>
          Statecharts
        </Heading>
        <Text fontSize="xs" color="fg.muted" mb={4}>
          Drawn from src/machines at run time
        </Text>
        <MachineList selected={model.name} onSelect={select} />
      </Box>
      <Stack as="main" flex="1" minW={0} p={5} gap={4}>
        <Flex align="center" gap={3} wrap="wrap">
          <Heading as="h2" size="lg">
            {model.name}
          </Heading>
          <Badge colorPalette="teal">{model.group}</Badge>
          <Badge variant="outline">{edges.length} edges</Badge>
          <Badge variant="outline">{paths.length} test paths</Badge>
          <Box flex="1" />
          <ColorModeSwitch />
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          Boxes are states (nested states inside their parent, ● marks the initial state). Arrows are
          transitions: the event, then [guards], then / actions. “done:” and “error:” are the results of
          invoked actors.
        </Text>
        {layout ? <Diagram layout={layout} active={active} taken={taken} /> : <Text>Laying out…</Text>}

        <Flex gap={4} align="stretch" direction={{ base: 'column', lg: 'row' }}>
          <Stack flex="1" minW={0} gap={2}>
            <Heading as="h3" size="sm">
              Test paths ({shown.length})
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
              maxH="320px"
              overflowY="auto"
              borderWidth="1px"
              borderRadius="md"
              listStyleType="none"
            >
              {shown.map((path) => (
                <Box as="li" key={path.id}>
                  <Button
                    size="xs"
                    width="full"
                    justifyContent="flex-start"
                    fontFamily="mono"
                    fontWeight="normal"
                    variant={path.id === pathId ? 'subtle' : 'ghost'}
                    onClick={() => choosePath(path.id)}
                    title={path.id}
                  >
                    <Text truncate>{path.id}</Text>
                  </Button>
                </Box>
              ))}
            </Stack>
          </Stack>
          <Stack flex="1" minW={0} gap={2} data-testid="stepper">
            <Flex align="center" gap={2}>
              <Heading as="h3" size="sm" flex="1">
                {steps
                  ? `Step ${(step?.index ?? 0) + 0} of ${steps.length - 1}`
                  : 'Pick a path to step through it'}
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
            {steps ? (
              <Stack
                as="ol"
                aria-label="Steps of the path"
                tabIndex={0}
                gap={0}
                maxH="320px"
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
                    <Text fontSize="sm" fontFamily="mono" fontWeight="semibold">
                      {entry.index}. {entry.label}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      → {stateLabel(entry.snapshot)}
                      {entry.edges.length ? ` · via ${entry.edges.map((edge) => edge.id).join('; ')}` : ''}
                    </Text>
                  </Box>
                ))}
              </Stack>
            ) : null}
          </Stack>
        </Flex>
      </Stack>
    </Flex>
  );
}
