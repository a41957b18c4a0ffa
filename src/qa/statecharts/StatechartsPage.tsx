import { Badge, Box, Button, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { useAppearanceActor } from '../../features/app/context';
import { COLOR_MODE_LABELS } from '../../features/settings/color-modes';
import { COLOR_MODES } from '../../machines/appearance';
import { badgeRecipe, nativeSelectRecipe } from '../../ui/recipes';
import { ChoiceList, StepList } from './ChoiceList';
import { CoveragePanel } from './CoveragePanel';
import { Diagram } from './Diagram';
import { type DefinedEdge, definedEdges } from './edges';
import { actorKey, type Inspector, useInspector } from './inspector/useInspector';
import { LivePanel, liveState } from './LivePanel';
import { type Layout, layoutMachine } from './layout';
import type { MachineModel } from './model-kit';
import { MODELS } from './models';
import { generatePaths, type ModelPath } from './paths';
import { pressedToggle } from './pressed';
import { ReplayPanel } from './ReplayPanel';
import {
  EdgeRequirementList,
  type EdgeRequirements,
  edgesOf,
  edgeWithRequirements,
  RequirementFilter,
  useEdgeRequirements,
} from './RequirementFilter';
import type { ReplayedStep } from './replay';
import { SimulatorPanel } from './SimulatorPanel';
import { parseStatechartsSearch, type StatechartsSearch, VIEWS, type View } from './search';
import { replay } from './simulator';
import { stateLabel } from './state-label';
import { type WalkStep, walkPath } from './walk';
import { loadWalkedBy, type MachineWalkedBy, shortTestName, type WalkedTests } from './walked-by';

/**
 * The QA viewer: every machine drawn from its definition, with three panels beside the diagram: the
 * paths the model-based tests walk (a stepper replays one on a real actor, fakes deciding the API
 * outcomes), a simulator to play the machine by hand, and the live app's actors (another tab of this
 * origin). The active state and the edges taken are highlighted. The URL holds the machine, the panel
 * and the simulator's path (search.ts), so any of them is a link.
 */

const groups = [...new Set(MODELS.map((model) => model.group))];

function ColorModeSwitch() {
  const appearance = useAppearanceActor();
  // The three modes of the settings screen: with only Light and Dark, 'system' on a dark OS showed a dark
  // page with Light pressed.
  const mode = useSelector(appearance, (snapshot) => COLOR_MODES.find((value) => snapshot.matches(value)));
  return (
    <Flex gap={1} role="group" aria-label="Colour mode">
      {COLOR_MODES.map((value) => (
        <Button
          key={value}
          size="xs"
          variant={mode === value ? 'solid' : 'outline'}
          aria-pressed={mode === value}
          onClick={() => appearance.send({ type: 'appearance.change', mode: value })}
        >
          {COLOR_MODE_LABELS[value]}
        </Button>
      ))}
    </Flex>
  );
}

/**
 * The machines by group: a column of buttons beside the diagram on a wide screen; on a narrower one a
 * select, which takes one line whatever the names' length (a row of button columns ran off a phone).
 */
function MachineList({ selected, onSelect }: { selected: string; onSelect: (name: string) => void }) {
  return (
    <>
      <Field.Root hideFrom="lg">
        <Field.Label fontSize="xs">Machine</Field.Label>
        <NativeSelect.Root recipe={nativeSelectRecipe} size="sm">
          <NativeSelect.Field value={selected} onChange={(event) => onSelect(event.currentTarget.value)}>
            {groups.map((group) => (
              <optgroup key={group} label={group}>
                {MODELS.filter((model) => model.group === group).map((model) => (
                  <option key={model.name} value={model.name}>
                    {model.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Stack as="nav" aria-label="Machines" gap={4} hideBelow="lg">
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
                {...(model.name === selected ? pressedToggle : { variant: 'ghost' })}
                aria-current={model.name === selected ? 'page' : undefined}
                onClick={() => onSelect(model.name)}
              >
                {model.name}
              </Button>
            ))}
          </Stack>
        ))}
      </Stack>
    </>
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

/** Replays a path on a real actor (walk.ts): the snapshots and the defined edges each step took. */
function useWalk(model: MachineModel, path: ModelPath | null): WalkStep[] | null {
  const [walk, setWalk] = useState<{ key: string; steps: WalkStep[] } | null>(null);
  const key = path ? `${model.name}|${path.id}` : '';
  useEffect(() => {
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
  }, [model, path]);
  return walk?.key === key ? walk.steps : null;
}

/** The machine's edge → tests report, loaded when the machine is shown ('loading' meanwhile). */
function useWalkedBy(machine: string): MachineWalkedBy | undefined | 'loading' {
  const [loaded, setLoaded] = useState<{ machine: string; report: MachineWalkedBy | undefined } | null>(null);
  useEffect(() => {
    let live = true;
    void loadWalkedBy(machine).then((report) => {
      if (live) setLoaded({ machine, report });
    });
    return () => {
      live = false;
    };
  }, [machine]);
  return loaded?.machine === machine ? loaded.report : 'loading';
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
  edges,
  report,
  requirements,
  selected,
  onSelect,
}: {
  edges: DefinedEdge[];
  report: MachineWalkedBy | undefined | 'loading';
  requirements: EdgeRequirements;
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  const walked = selected && report !== 'loading' ? report?.walkedBy[selected] : undefined;
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
          <EdgeRequirementList ids={requirements.byEdge.get(selected) ?? []} />
          {walked ? (
            <Stack gap={1} mt={1}>
              <TestList label="Machine level (tests/model)" walked={walked.machine} />
              <TestList label="UI level (tests/ui/walks)" walked={walked.ui} />
            </Stack>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              {report === 'loading'
                ? 'Loading the tests that walk it…'
                : 'Not in src/qa/statecharts/walked-by/ yet: run npm run coverage:paths.'}
            </Text>
          )}
        </Box>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          Select an arrow in the diagram or an edge below.
        </Text>
      )}
      <RequirementFilter requirements={requirements} />
      <ChoiceList
        label="Edges"
        items={edgesOf(
          requirements,
          edges.map((edge) => edge.id),
        )}
        text={(id) => edgeWithRequirements(requirements, id)}
        selected={selected}
        onSelect={(id) => onSelect(id === selected ? null : id)}
        maxH="200px"
      />
    </Stack>
  );
}

const VIEW_TITLES: Record<View, string> = {
  paths: 'Paths',
  simulate: 'Simulator',
  replay: 'Replay',
  coverage: 'Coverage',
  live: 'Live',
};

/** What the diagram highlights: the active state nodes and the edges the last step took. */
interface Highlight {
  active: Set<string>;
  taken: Set<string>;
}

function highlightOf(step: Pick<WalkStep, 'snapshot' | 'edges'> | undefined): Highlight {
  return {
    active: new Set(step ? (step.snapshot._nodes as AnyStateNode[]).map((node) => node.id) : []),
    taken: new Set(step ? step.edges.map((edge) => edge.id) : []),
  };
}

export function StatechartsPage() {
  const search = parseStatechartsSearch(useSearch({ from: '/statecharts' }));
  const navigate = useNavigate({ from: '/statecharts' });
  const model = MODELS.find((candidate) => candidate.name === search.machine) ?? (MODELS[0] as MachineModel);
  const inspector = useInspector();
  const [followed, setFollowed] = useState<string | null>(null);
  const update = (next: StatechartsSearch) => void navigate({ search: next, replace: true });

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
        <MachineList
          selected={model.name}
          onSelect={(name) => update({ machine: name, view: search.view })}
        />
      </Box>
      {/* Keyed by machine: the filter, the chosen path and edge belong to one machine. */}
      <MachineView
        key={model.name}
        model={model}
        search={search}
        update={update}
        inspector={inspector}
        followed={followed}
        onFollow={(key, machine) => {
          setFollowed(key);
          if (key && machine !== model.name) update({ machine, view: 'live' });
        }}
      />
    </Flex>
  );
}

function MachineView({
  model,
  search,
  update,
  inspector,
  followed,
  onFollow,
}: {
  model: MachineModel;
  search: StatechartsSearch;
  update: (next: StatechartsSearch) => void;
  inspector: Inspector;
  followed: string | null;
  onFollow: (key: string | null, machine: string) => void;
}) {
  const view = search.view ?? 'paths';
  const layout = useLayout(model);
  const paths = useMemo(() => generatePaths(model), [model]);
  const edges = useMemo(() => definedEdges(model.machine), [model]);
  const walkedBy = useWalkedBy(model.name);
  const requirements = useEdgeRequirements(model.machine);
  const [filter, setFilter] = useState('');
  const [pathId, setPathId] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [edgeId, setEdgeId] = useState<string | null>(null);
  const testPath = paths.find((path) => path.id === pathId) ?? null;
  const steps = useWalk(model, testPath);
  const step = steps?.[Math.min(index, steps.length - 1)];

  const inputLabel =
    model.inputs.find((input) => input.label === search.input)?.label ?? model.inputs[0]?.label ?? '';
  const playKey = JSON.stringify(search.play ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: playKey is search.play by value
  const played = useMemo(() => replay(model, inputLabel, search.play ?? []), [model, inputLabel, playKey]);
  const simulated = useWalk(model, view === 'simulate' ? played.path : null);
  const [replayed, setReplayed] = useState<ReplayedStep | undefined>(undefined);
  const followReplay = useCallback((step: ReplayedStep | undefined) => setReplayed(step), []);
  const followedActor = inspector.actors.find(
    (actor) => actorKey(actor) === followed && actor.machine === model.name,
  );

  const highlight = useMemo((): Highlight => {
    if (view === 'simulate') return highlightOf(simulated?.at(-1));
    if (view === 'live') return { active: new Set(followedActor?.nodes ?? []), taken: new Set() };
    if (view === 'replay') return highlightOf(replayed);
    if (view === 'coverage') return highlightOf(undefined);
    return highlightOf(step);
  }, [view, simulated, followedActor, step, replayed]);
  const shown = paths.filter((path) => path.id.toLowerCase().includes(filter.toLowerCase()));

  const caption =
    view === 'simulate'
      ? `Simulating: ${stateLabel(played.path.steps.at(-1)?.state ?? (played.path.initial as AnyMachineSnapshot))}`
      : view === 'replay'
        ? replayed
          ? `Replaying step ${replayed.index}: ${replayed.actual}`
          : 'Pick a recorded path to replay it'
        : view === 'coverage'
          ? 'Guard outcomes, transition pairs and configurations: listed in the panel'
          : followedActor
            ? `Following ${followedActor.machine} on ${followedActor.path}: ${liveState(followedActor)}`
            : 'Pick a running machine to follow it';

  return (
    <Flex as="main" direction="column" flex="1" minW={0} minH={0} p={{ base: 3, lg: 4 }} gap={3}>
      <Flex align="center" gap={2} wrap="wrap">
        <Heading as="h2" size="lg">
          {model.name}
        </Heading>
        <Badge recipe={badgeRecipe} colorPalette="teal">
          {model.group}
        </Badge>
        <Badge recipe={badgeRecipe} variant="outline">
          {edges.length} edges
        </Badge>
        <Badge recipe={badgeRecipe} variant="outline">
          {paths.length} test paths
        </Badge>
        <Box flex="1" />
        <ColorModeSwitch />
      </Flex>
      <Text fontSize="xs" color="fg.muted">
        Boxes are states (nested states inside their parent, ● marks the initial state). Arrows are
        transitions: the event, then [guards], then / actions. “done:” and “error:” are the results of invoked
        actors.
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
                active={highlight.active}
                taken={highlight.taken}
                selectedEdge={edgeId}
                onSelectEdge={setEdgeId}
              />
            ) : (
              <Text>Laying out…</Text>
            )}
          </Box>
          {/* The stepper's controls sit under the diagram: the highlight and Next are in view together. */}
          {view === 'paths' ? (
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
          ) : (
            <Text pt={2} fontSize="sm" fontFamily="mono" wordBreak="break-word" data-testid="diagram-caption">
              {caption}
            </Text>
          )}
        </Flex>
        {/* Panels switched by pressed buttons rather than Chakra's Tabs: its parts would become chunks
            shared with /settings, each one more name in the main bundle's preload map. */}
        <Stack w={{ lg: '380px' }} flexShrink={0} minW={0} minH={0} overflowY={{ lg: 'auto' }} gap={3}>
          <Flex gap={1} wrap="wrap" role="group" aria-label="Panel" borderBottomWidth="1px" pb={2}>
            {VIEWS.map((value) => (
              <Button
                key={value}
                size="xs"
                {...(value === view ? pressedToggle : { variant: 'ghost' })}
                aria-pressed={value === view}
                onClick={() => update({ ...search, view: value })}
              >
                {VIEW_TITLES[value]}
              </Button>
            ))}
          </Flex>
          {view === 'paths' ? (
            <Stack gap={4}>
              {steps ? (
                <StepList label="Steps of the path" steps={steps} current={index} onSelect={setIndex}>
                  {(entry) => (
                    <>
                      <Text fontSize="sm" fontFamily="mono" fontWeight="semibold" wordBreak="break-word">
                        {entry.index}. {entry.label}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
                        → {stateLabel(entry.snapshot)}
                        {entry.edges.length ? ` · via ${entry.edges.map((edge) => edge.id).join('; ')}` : ''}
                      </Text>
                    </>
                  )}
                </StepList>
              ) : null}
              <EdgePanel
                edges={edges}
                report={walkedBy}
                requirements={requirements}
                selected={edgeId}
                onSelect={setEdgeId}
              />
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
                <ChoiceList
                  label="Test paths"
                  items={shown.map((path) => path.id)}
                  selected={pathId}
                  onSelect={(id) => {
                    setPathId(id);
                    setIndex(0);
                  }}
                  maxH={{ base: '360px', lg: '420px' }}
                  focusable
                />
              </Stack>
            </Stack>
          ) : view === 'simulate' ? (
            <SimulatorPanel
              model={model}
              path={played.path}
              unmatched={played.unmatched}
              onInput={(input) => update({ ...search, machine: model.name, input, play: [] })}
              onPlay={(labels) => update({ ...search, machine: model.name, input: inputLabel, play: labels })}
            />
          ) : view === 'replay' ? (
            <ReplayPanel model={model} onStep={followReplay} />
          ) : view === 'coverage' ? (
            <CoveragePanel model={model} />
          ) : (
            <LivePanel inspector={inspector} followed={followed} onFollow={onFollow} />
          )}
        </Stack>
      </Flex>
    </Flex>
  );
}
