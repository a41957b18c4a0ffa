import { Badge, Box, Button, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { useAppearanceActor } from '../../features/app/context';
import { COLOR_MODE_LABELS } from '../../features/settings/color-modes';
import { COLOR_MODES } from '../../machines/appearance';
import { badgeRecipe, nativeSelectRecipe } from '../../ui/recipes';
import {
  ChoiceList,
  Hint,
  Mono,
  PHONE_DIAGRAM_HEIGHT,
  StepList,
  Stepper,
  Subheading,
  ToggleGroup,
} from './ChoiceList';
import { CoveragePanel } from './CoveragePanel';
import { Diagram } from './Diagram';
import { allStateNodes, type DefinedEdge, definedEdges, loggedEdges } from './edges';
import { actorKey } from './inspector/useInspector';
import { edgeCoverage, type KindView } from './kinds-walked';
import { clockTime, type Live, LivePanel, liveState, useLive } from './LivePanel';
import { type Layout, layoutMachine } from './layout';
import type { MachineModel } from './model-kit';
import { MODELS } from './models';
import { generatePaths, type ModelPath } from './paths';
import { pressedToggle } from './pressed';
import { ReplayPanel } from './ReplayPanel';
import {
  EdgeRequirementList,
  edgesOf,
  edgeWithRequirements,
  RequirementFilter,
  useEdgeRequirements,
} from './RequirementFilter';
import type { ReplayedStep } from './replay';
import { SimulatorPanel } from './SimulatorPanel';
import { parseStatechartsSearch, type StatechartsSearch, type View } from './search';
import { replay } from './simulator';
import { stateLabel } from './state-label';
import { useLoaded } from './use-loaded';
import { type WalkStep, walkPath } from './walk';
import { loadWalkedBy, type MachineWalkedBy, shortTestName, type WalkedTests } from './walked-by';

/** The QA viewer (docs/statechart-viewer.md); the URL holds machine, panel and played path (search.ts). */

function ColorModeSwitch() {
  const appearance = useAppearanceActor();
  // The three modes of the settings screen: with only Light and Dark, 'system' on a dark OS showed a dark
  // page with Light pressed.
  const mode = useSelector(appearance, (snapshot) => COLOR_MODES.find((value) => snapshot.matches(value)));
  return (
    <ToggleGroup
      label="Colour mode"
      titles={COLOR_MODE_LABELS}
      value={mode}
      onChange={(value) => appearance.send({ type: 'appearance.change', mode: value })}
      idle="outline"
    />
  );
}

/**
 * The machines by group: a column of buttons beside the diagram on a wide screen; on a narrower one a
 * select, which takes one line whatever the names' length (a row of button columns ran off a phone).
 */
function MachineList({ selected, onSelect }: { selected: string; onSelect: (name: string) => void }) {
  const [query, setQuery] = useState('');
  const found = MODELS.filter(
    (model) => model.name === selected || model.name.toLowerCase().includes(query.trim().toLowerCase()),
  );
  const groups = [...new Set(found.map((model) => model.group))].map(
    (group) => [group, found.filter((model) => model.group === group)] as const,
  );
  return (
    <>
      <Input
        size="sm"
        mb={2}
        type="search"
        placeholder="Search machines"
        aria-label="Search machines"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          const first = found.find((model) => model.name !== selected);
          if (event.key === 'Enter' && first) onSelect(first.name);
        }}
      />
      <Field.Root hideFrom="lg">
        <Field.Label fontSize="xs">Machine</Field.Label>
        <NativeSelect.Root recipe={nativeSelectRecipe} size="sm">
          <NativeSelect.Field value={selected} onChange={(event) => onSelect(event.currentTarget.value)}>
            {groups.map(([group, models]) => (
              <optgroup key={group} label={group}>
                {models.map((model) => (
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
        {groups.map(([group, models]) => (
          <Stack key={group} gap={1}>
            <Hint fontWeight="bold" textTransform="uppercase" letterSpacing="wide">
              {group}
            </Hint>
            {models.map((model) => (
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

/** The machine laid out with `collapsed` states closed; the last layout stays while the next is computed. */
function useLayout(model: MachineModel, collapsed: ReadonlySet<string>): Layout | null {
  const [layout, setLayout] = useState<{ name: string; layout: Layout } | null>(null);
  useEffect(() => {
    let live = true;
    void layoutMachine(model.machine, collapsed).then((result) => {
      if (live) setLayout({ name: model.name, layout: result });
    });
    return () => {
      live = false;
    };
  }, [model, collapsed]);
  return layout?.name === model.name ? layout.layout : null;
}

/** The states with children; a click on one in the diagram collapses or expands it. */
function useCollapsed(model: MachineModel) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const compounds = useMemo(
    () =>
      allStateNodes(model.machine)
        .filter((node) => node !== model.machine.root && Object.keys(node.states).length)
        .map((node) => node.id),
    [model],
  );
  return {
    collapsed,
    toggle: (id: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    all: (collapse: boolean) => setCollapsed(new Set(collapse ? compounds : [])),
    /** Opens the states around `ids` (an edge chosen in a list must be drawn to be shown). */
    open: (ids: string[]) =>
      setCollapsed((current) => {
        const next = [...current].filter((id) => !ids.some((inner) => inner.startsWith(`${id}.`)));
        return next.length === current.size ? current : new Set(next);
      }),
  };
}

/** Replays a path on a real actor (walk.ts): the snapshots and the defined edges each step took. */
function useWalk(model: MachineModel, path: ModelPath | null): WalkStep[] | null {
  const walk = useLoaded(path ? `${model.name}|${path.id}` : '', async () => {
    if (!path) return null;
    const steps: WalkStep[] = [];
    await walkPath(model, path, (step) => void steps.push(step));
    return steps;
  });
  return walk ?? null;
}

/** The machine's edge → tests report, loaded when the machine is shown ('loading' meanwhile). */
function useWalkedBy(machine: string): MachineWalkedBy | undefined | 'loading' {
  const loaded = useLoaded(machine, async () => ({ report: await loadWalkedBy(machine) }));
  return loaded ? loaded.report : 'loading';
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
          <Mono as="li" key={name} fontSize="xs" color="fg.muted">
            {shortTestName(name)}
          </Mono>
        ))}
      </Stack>
    </Box>
  );
}

/** Every edge of the machine (keyboard reachable; a click on an arrow selects it too) and the tests that walk the selected one. */
function EdgePanel({ edges: { edges, selected, select, report, requirements } }: { edges: EdgeChoice }) {
  const walked = selected && report !== 'loading' ? report?.walkedBy[selected] : undefined;
  const ids = edges.map((edge) => edge.id);
  return (
    <Stack gap={2} minW={0} data-testid="edge-panel">
      <Subheading>Edges and the tests that walk them</Subheading>
      {selected ? (
        <Box borderWidth="1px" borderRadius="md" p={2} bg="bg.subtle">
          <Mono fontSize="sm" fontWeight="semibold">
            {selected}
          </Mono>
          <EdgeRequirementList ids={requirements.byEdge.get(selected) ?? []} />
          {walked ? (
            <Stack gap={1} mt={1}>
              <TestList label="Machine level (tests/model)" walked={walked.machine} />
              <TestList label="UI level (tests/ui/walks)" walked={walked.ui} />
            </Stack>
          ) : (
            <Hint>
              {report === 'loading'
                ? 'Loading the tests that walk it…'
                : 'Not in src/qa/statecharts/walked-by/ yet: run npm run coverage:paths.'}
            </Hint>
          )}
        </Box>
      ) : (
        <Hint>Select an arrow in the diagram or an edge below.</Hint>
      )}
      <RequirementFilter requirements={requirements} />
      <ChoiceList
        label="Edges"
        items={edgesOf(requirements, ids)}
        text={(id) => edgeWithRequirements(requirements, id)}
        selected={selected}
        onSelect={(id) => select(id === selected ? null : id)}
        maxH="200px"
      />
    </Stack>
  );
}

/** The Paths view's state, kept by the machine's view (the filter outlives a switch to another panel). */
function usePathWalk(model: MachineModel) {
  const paths = useMemo(() => generatePaths(model), [model]);
  const [filter, setFilter] = useState('');
  const [pathId, setPathId] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const steps = useWalk(model, paths.find((path) => path.id === pathId) ?? null);
  const choose = (id: string) => {
    setPathId(id);
    setIndex(0);
  };
  const step = steps?.[Math.min(index, steps.length - 1)];
  return { paths, filter, setFilter, pathId, choose, index, setIndex, steps, step };
}

type PathWalk = ReturnType<typeof usePathWalk>;

/** The Paths view's stepper, under the diagram. */
function PathStepper({ walk: { steps, step, index, setIndex } }: { walk: PathWalk }) {
  return (
    <Stepper
      title={steps ? `Step ${step?.index ?? 0} of ${steps.length - 1}` : 'Pick a path to step through it'}
      index={index}
      count={steps?.length ?? 0}
      onStep={setIndex}
      pt={2}
      data-testid="stepper"
    />
  );
}

/** The Paths view's panel: the steps of the path walked, the edges and their tests (`children`), the test paths. */
function PathsPanel({ walk, children }: { walk: PathWalk; children: ReactNode }) {
  const { paths, filter, steps } = walk;
  const shown = paths.filter((path) => path.id.toLowerCase().includes(filter.toLowerCase()));
  return (
    <Stack gap={4}>
      {steps ? (
        <StepList label="Steps of the path" steps={steps} current={walk.index} onSelect={walk.setIndex}>
          {(entry) => (
            <Hint wordBreak="break-word">
              → {stateLabel(entry.snapshot)}
              {entry.edges.length ? ` · via ${entry.edges.map((edge) => edge.id).join('; ')}` : ''}
            </Hint>
          )}
        </StepList>
      ) : null}
      {children}
      <Stack gap={2} minW={0}>
        <Subheading>
          Test paths ({shown.length} of {paths.length})
        </Subheading>
        <Input
          size="sm"
          placeholder="Filter paths, e.g. error: 422"
          value={filter}
          onChange={(event) => walk.setFilter(event.target.value)}
          aria-label="Filter paths"
        />
        <ChoiceList
          label="Test paths"
          items={shown.map((path) => path.id)}
          selected={walk.pathId}
          onSelect={walk.choose}
          maxH={{ base: '360px', lg: '420px' }}
          focusable
        />
      </Stack>
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
const highlightOf = (step: Pick<WalkStep, 'snapshot' | 'edges'> | undefined) => ({
  active: new Set(step ? (step.snapshot._nodes as AnyStateNode[]).map((node) => node.id) : []),
  taken: new Set(step ? step.edges.map((edge) => edge.id) : []),
});

export function StatechartsPage() {
  const search = parseStatechartsSearch(useSearch({ from: '/statecharts' }));
  const navigate = useNavigate({ from: '/statecharts' });
  const model = MODELS.find((candidate) => candidate.name === search.machine) ?? (MODELS[0] as MachineModel);
  const update = (next: StatechartsSearch) =>
    void navigate({ search: next, replace: true, resetScroll: false });
  const live = useLive((machine) => {
    if (machine !== model.name) update({ machine, view: 'live' });
  });

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
        <Hint mb={{ base: 2, lg: 4 }}>Drawn from src/machines at run time</Hint>
        <MachineList
          selected={model.name}
          onSelect={(name) => update({ machine: name, view: search.view })}
        />
      </Box>
      {/* Keyed by machine: the filter, the chosen path and edge belong to one machine. */}
      <MachineView key={model.name} model={model} search={search} update={update} live={live} />
    </Flex>
  );
}

/** The machine's name, group and counts beside the colour mode, and how to read the chart. */
function MachineHeader({ model, edges, paths }: { model: MachineModel; edges: number; paths: number }) {
  return (
    <>
      <Flex align="center" gap={2} wrap="wrap">
        <Heading as="h2" size="lg">
          {model.name}
        </Heading>
        <Badge recipe={badgeRecipe} colorPalette="teal">
          {model.group}
        </Badge>
        <Badge recipe={badgeRecipe} variant="outline">
          {edges} edges
        </Badge>
        <Badge recipe={badgeRecipe} variant="outline">
          {paths} test paths
        </Badge>
        <Box flex="1" />
        <ColorModeSwitch />
      </Flex>
      <Hint>
        Boxes are states (nested states inside their parent, ● marks the initial state). Arrows are
        transitions: the event, then [guards], then / actions. “done:” and “error:” are the results of invoked
        actors.
      </Hint>
    </>
  );
}

/** The machine's edges, the one chosen (the states around it opened), their requirements and tests. */
function useEdgeChoice(model: MachineModel, open: (ids: string[]) => void) {
  const edges = useMemo(() => definedEdges(model.machine), [model]);
  const [selected, setSelected] = useState<string | null>(null);
  const select = (id: string | null) => {
    const edge = edges.find((candidate) => candidate.id === id);
    if (edge) open([edge.sourceId, ...edge.targetIds]);
    setSelected(id);
  };
  const requirements = useEdgeRequirements(model.machine);
  return { edges, selected, select, report: useWalkedBy(model.name), requirements };
}

type EdgeChoice = ReturnType<typeof useEdgeChoice>;

/** The simulator's played path: read from the URL, written to it, walked on a real actor while shown. */
function useSimulation(
  model: MachineModel,
  search: StatechartsSearch,
  update: (next: StatechartsSearch) => void,
) {
  const inputLabel =
    model.inputs.find((input) => input.label === search.input)?.label ?? model.inputs[0]?.label ?? '';
  const playKey = JSON.stringify(search.play ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: playKey is search.play by value
  const played = useMemo(() => replay(model, inputLabel, search.play ?? []), [model, inputLabel, playKey]);
  const walked = useWalk(model, search.view === 'simulate' ? played.path : null);
  const play = (input: string, labels: string[]) =>
    update({ ...search, machine: model.name, input, play: labels });
  return {
    last: walked?.at(-1),
    panel: {
      path: played.path,
      unmatched: played.unmatched,
      onInput: (input: string) => play(input, []),
      onPlay: (labels: string[]) => play(inputLabel, labels),
    },
  };
}

/** The Coverage view's paint on the edges (walked, not walked, unreachable), with the kinds its panel measured. */
function useCoverage(view: View, { edges, report }: EdgeChoice) {
  const [kinds, setKinds] = useState<KindView[] | null>(null);
  const painted =
    view === 'coverage' && report !== 'loading' ? edgeCoverage(edges, report, kinds) : undefined;
  const walked = [...(painted?.values() ?? [])].filter((edge) => edge.status === 'walked').length;
  return { painted, tally: { walked, total: edges.length }, setKinds };
}

/** The live view on this machine: the event travelled to, the actor followed, and what the chart highlights. */
function liveMoment(model: MachineModel, edges: DefinedEdge[], live: Live) {
  const travel = live.travel?.actor.machine === model.name ? live.travel : null;
  const followed = live.inspector.actors.find(
    (actor) => actorKey(actor) === live.followed && actor.machine === model.name,
  );
  // The moment shown: the event travelled to, or the followed actor's last one.
  const moment = travel ?? live.inspector.log.findLast((entry) => actorKey(entry.actor) === live.followed);
  const highlight = {
    active: new Set((travel?.actor ?? followed)?.nodes ?? []),
    taken: new Set(moment ? loggedEdges(model.machine, edges, moment) : []),
  };
  return { travel, followed, highlight };
}

/** The line under the diagram in the views without a stepper: what the chart shows. */
function captionOf(
  view: View,
  played: ModelPath,
  replayed: ReplayedStep | undefined,
  { travel, followed }: ReturnType<typeof liveMoment>,
): string {
  if (view === 'simulate')
    return `Simulating: ${stateLabel(played.steps.at(-1)?.state ?? (played.initial as AnyMachineSnapshot))}`;
  if (view === 'replay')
    return replayed
      ? `Replaying step ${replayed.index}: ${replayed.actual}`
      : 'Pick a recorded path to replay it';
  if (view === 'coverage')
    return 'Coverage: walked edges green, unwalked dashed, unreachable grey (hover for the reason)';
  if (travel) return `At ${clockTime(travel.time)}, after ${travel.type}: ${liveState(travel.actor)}`;
  return followed
    ? `Following ${followed.machine} on ${followed.path}: ${liveState(followed)}`
    : 'Pick a running machine to follow it';
}

/** The diagram, sticky on a phone, over its stepper or caption (`children`): the highlight and Next stay in view together. */
function DiagramColumn({
  layout,
  highlight,
  edges,
  folding,
  coverage,
  children,
}: {
  layout: Layout | null;
  highlight: ReturnType<typeof highlightOf>;
  edges: EdgeChoice;
  folding: ReturnType<typeof useCollapsed>;
  coverage: ReturnType<typeof edgeCoverage> | undefined;
  children: ReactNode;
}) {
  return (
    <Flex
      direction="column"
      flex={{ lg: '1' }}
      minW={0}
      minH={0}
      h={{ base: PHONE_DIAGRAM_HEIGHT, lg: 'auto' }}
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
            {...highlight}
            selectedEdge={edges.selected}
            onSelectEdge={edges.select}
            onToggleState={folding.toggle}
            onCollapseAll={folding.all}
            coverage={coverage}
          />
        ) : (
          <Text>Laying out…</Text>
        )}
      </Box>
      {children}
    </Flex>
  );
}

function MachineView({
  model,
  search,
  update,
  live,
}: {
  model: MachineModel;
  search: StatechartsSearch;
  update: (next: StatechartsSearch) => void;
  live: Live;
}) {
  const view = search.view ?? 'paths';
  const folding = useCollapsed(model);
  const layout = useLayout(model, folding.collapsed);
  const walk = usePathWalk(model);
  const edges = useEdgeChoice(model, folding.open);
  const simulation = useSimulation(model, search, update);
  const [replayed, setReplayed] = useState<ReplayedStep | undefined>(undefined);
  const coverage = useCoverage(view, edges);
  const moment = liveMoment(model, edges.edges, live);
  const highlight =
    view === 'live'
      ? moment.highlight
      : highlightOf(
          { paths: walk.step, simulate: simulation.last, replay: replayed, coverage: undefined }[view],
        );
  const panels: Record<View, () => ReactNode> = {
    paths: () => (
      <PathsPanel walk={walk}>
        <EdgePanel edges={edges} />
      </PathsPanel>
    ),
    simulate: () => <SimulatorPanel model={model} {...simulation.panel} />,
    replay: () => <ReplayPanel model={model} onStep={setReplayed} />,
    coverage: () => <CoveragePanel model={model} edges={coverage.tally} onMeasured={coverage.setKinds} />,
    live: () => <LivePanel live={{ ...live, travel: moment.travel }} />,
  };

  return (
    <Flex as="main" direction="column" flex="1" minW={0} minH={0} p={{ base: 3, lg: 4 }} gap={3}>
      <MachineHeader model={model} edges={edges.edges.length} paths={walk.paths.length} />
      <Flex flex="1" minH={0} direction={{ base: 'column', lg: 'row' }} gap={4}>
        <DiagramColumn
          layout={layout}
          highlight={highlight}
          edges={edges}
          folding={folding}
          coverage={coverage.painted}
        >
          {view === 'paths' ? (
            <PathStepper walk={walk} />
          ) : (
            <Mono pt={2} fontSize="sm" data-testid="diagram-caption">
              {captionOf(view, simulation.panel.path, replayed, moment)}
            </Mono>
          )}
        </DiagramColumn>
        {/* Panels switched by pressed buttons rather than Chakra's Tabs: its parts would become chunks
            shared with /settings, each one more name in the main bundle's preload map. */}
        <Stack w={{ lg: '380px' }} flexShrink={0} minW={0} minH={0} overflowY={{ lg: 'auto' }} gap={3}>
          <ToggleGroup
            label="Panel"
            titles={VIEW_TITLES}
            value={view}
            onChange={(value) => update({ ...search, view: value })}
            idle="ghost"
            borderBottomWidth="1px"
            pb={2}
          />
          {panels[view]()}
        </Stack>
      </Flex>
    </Flex>
  );
}
