import { Badge, Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { badgeRecipe } from '../../ui/recipes';
import {
  ChoiceList,
  CodeArea,
  Hint,
  Mono,
  PHONE_DIAGRAM_HEIGHT,
  StepList,
  Stepper,
  ToggleGroup,
  Warning,
} from './ChoiceList';
import {
  type LiveRecording,
  liveRecordingPath,
  parseRecording,
  recordedActors,
  vanishedEdges,
} from './live-recording';
import type { MachineModel } from './model-kit';
import { loadFixture, loadRegressions } from './recordings';
import {
  fixtureRecording,
  mismatched,
  parsePastedPath,
  propertyRecording,
  type RecordedPath,
  type Replay,
  type ReplayedStep,
  replayRecording,
} from './replay';
import { useLoaded } from './use-loaded';

/** Replays a recorded path step by step (replay.ts); the diagram follows the step. */

type Source = 'fixtures' | 'property' | 'paste' | 'file';
const SOURCE_TITLES: Record<Source, string> = {
  fixtures: 'Path fixtures',
  property: 'Property paths',
  paste: 'Paste a path',
  file: 'Open a recording',
};

function StepText({ step }: { step: ReplayedStep }) {
  const differs = mismatched(step);
  return (
    <>
      <Mono fontSize="xs" color={differs ? 'fg.error' : 'fg.muted'}>
        → {step.actual}
        {differs ? `, expected ${step.expected}` : ''}
      </Mono>
      {step.note ? <Hint>{step.note}</Hint> : null}
    </>
  );
}

export function ReplayPanel({
  model,
  onStep,
}: {
  model: MachineModel;
  /** The step shown, for the diagram to follow (undefined: nothing replayed). */
  onStep: (step: ReplayedStep | undefined) => void;
}) {
  const [source, setSource] = useState<Source>('fixtures');
  const [recording, setRecording] = useState<RecordedPath | null>(null);
  const [index, setIndex] = useState(0);
  const replay = useMemo(() => (recording ? replayRecording(model, recording) : null), [model, recording]);
  const steps = replay?.steps ?? [];
  const step = steps[Math.min(index, steps.length - 1)];
  useEffect(() => onStep(step), [step, onStep]);

  const picker = {
    model,
    selected: (kind: RecordedPath['kind']) => (recording?.kind === kind ? recording.id : null),
    onChoose: (next: RecordedPath) => {
      setRecording(next);
      setIndex(0);
    },
  };
  return (
    <Stack gap={3} minW={0} data-testid="replay">
      {/* Sticky: on a long replay the source switch stays in reach. */}
      <ToggleGroup
        label="Recorded paths"
        titles={SOURCE_TITLES}
        value={source}
        onChange={(value) => {
          // The replay shown belongs to the source it came from.
          setSource(value);
          setRecording(null);
        }}
        idle="outline"
        position="sticky"
        top={{ base: PHONE_DIAGRAM_HEIGHT, lg: 0 }}
        zIndex={1}
        bg="bg"
        py={1}
      />
      {source === 'fixtures' ? (
        <FixturePaths {...picker} />
      ) : source === 'property' ? (
        <PropertyPaths {...picker} />
      ) : source === 'file' ? (
        <RecordingFile {...picker} />
      ) : (
        <PastedPath {...picker} />
      )}
      {replay && step ? (
        <ReplayedSteps replay={replay} id={recording?.id} index={index} onStep={setIndex} />
      ) : (
        <Hint>Pick a path to replay it.</Hint>
      )}
    </Stack>
  );
}

/** What each source's picker gets: the machine, the id of the recording chosen from it, and the choice. */
interface PickerProps {
  model: MachineModel;
  selected: (kind: RecordedPath['kind']) => string | null;
  onChoose: (path: RecordedPath) => void;
}

function FixturePaths({ model, selected, onChoose }: PickerProps) {
  const fixture = useLoaded(`fixture ${model.name}`, () => loadFixture(model.name));
  const [filter, setFilter] = useState('');
  const paths = (fixture?.paths ?? []).filter((path) => path.id.toLowerCase().includes(filter.toLowerCase()));
  return (
    <Stack gap={2} minW={0}>
      <Hint>
        tests/fixtures/paths/{model.name}.json: every generated path with the state each step must reach (
        {fixture ? `${fixture.paths.length} paths` : 'loading…'}).
      </Hint>
      <Input
        size="sm"
        placeholder="Filter fixture paths"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        aria-label="Filter fixture paths"
      />
      <ChoiceList
        label="Fixture paths"
        items={paths}
        id={(path) => path.id}
        selected={selected('fixture')}
        onSelect={(path) => onChoose(fixtureRecording(model.name, path))}
        maxH={{ base: '200px', lg: '220px' }}
        focusable
      />
    </Stack>
  );
}

function PropertyPaths({ model, selected, onChoose }: PickerProps) {
  const regressions = useLoaded('regressions', loadRegressions);
  const kept = (regressions ?? [])
    .map((path, position) => ({ path, id: `regression ${position + 1}` }))
    .filter(({ path }) => path.machine === model.name);
  return (
    <Stack gap={2} minW={0}>
      <Hint>
        tests/property/regressions.json: minimal paths of seeded faults the property walks caught (
        {regressions ? `${kept.length} for ${model.name}` : 'loading…'}).
      </Hint>
      {regressions && kept.length === 0 ? (
        <Text fontSize="sm">No regression path is kept for {model.name}.</Text>
      ) : (
        <ChoiceList
          label="Property paths"
          items={kept}
          id={(entry) => entry.id}
          text={({ id, path }) => `${id}: ${path.why ?? `${path.steps.length} steps`}`}
          selected={selected('property')}
          onSelect={({ id, path }) => onChoose(propertyRecording(path, id))}
          maxH={{ base: '200px', lg: '220px' }}
        />
      )}
    </Stack>
  );
}

function PastedPath({ model, onChoose }: PickerProps) {
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const replayPasted = () => {
    const parsed = parsePastedPath(pasted);
    if (typeof parsed === 'string') return setError(parsed);
    if (parsed.machine !== model.name)
      return setError(`This path is of the machine ${parsed.machine}: choose it, then paste the path again.`);
    setError(null);
    onChoose(propertyRecording(parsed, 'pasted path'));
  };
  return (
    <Stack gap={2} minW={0}>
      <Hint>
        A failing property walk prints its minimal path and, after “as a regression:”, the same path as JSON.
        Paste either.
      </Hint>
      <CodeArea
        aria-label="Path to replay"
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
        placeholder='{"machine":"profile","input":"start","steps":["send profile.edit …"]}'
      />
      <Flex gap={2} align="center" wrap="wrap">
        <Button size="xs" disabled={!pasted.trim()} onClick={replayPasted}>
          Replay the pasted path
        </Button>
        {error ? <Warning role="alert">{error}</Warning> : null}
      </Flex>
    </Stack>
  );
}

/** The step of a replay shown beside the one the recording expects, and every replayed step. */
function ReplayedSteps({
  replay,
  id,
  index,
  onStep,
}: {
  replay: Replay;
  id: string | undefined;
  index: number;
  onStep: (index: number) => void;
}) {
  const { steps } = replay;
  const step = steps[Math.min(index, steps.length - 1)] as ReplayedStep;
  const mismatches = steps.filter(mismatched).length;
  return (
    <Stack gap={2} minW={0}>
      <Stepper
        title={`Step ${step.index} of ${steps.length - 1 + (replay.stopped ? 1 : 0)}`}
        index={index}
        count={steps.length}
        onStep={onStep}
        withLast
      />
      <Mono fontSize="xs" color="fg.muted">
        {id}
      </Mono>
      <Box
        borderWidth="1px"
        borderRadius="md"
        p={2}
        bg="bg.subtle"
        borderColor={mismatched(step) ? 'border.error' : undefined}
        data-testid="replay-step"
      >
        <Hint>Reached here</Hint>
        <Mono fontWeight="semibold" data-testid="replay-actual">
          {step.actual}
        </Mono>
        <Hint mt={1}>Expected by the recording</Hint>
        <Flex gap={2} align="center" wrap="wrap">
          <Mono data-testid="replay-expected">
            {step.expected ?? '— (a property path records no states)'}
          </Mono>
          {step.expected !== undefined ? (
            <Badge recipe={badgeRecipe} colorPalette={mismatched(step) ? 'red' : 'green'}>
              {mismatched(step) ? 'differs' : 'same'}
            </Badge>
          ) : null}
        </Flex>
      </Box>
      {mismatches ? (
        <Warning role="status">
          {mismatches} step{mismatches === 1 ? '' : 's'} reach another state than the recording expects.
        </Warning>
      ) : null}
      {replay.stopped ? (
        <Warning role="status">
          Step {replay.stopped.index} “{replay.stopped.label}” cannot be made: {replay.stopped.reason}.
        </Warning>
      ) : null}
      <StepList
        label="Replayed steps"
        steps={steps}
        current={index}
        onSelect={onStep}
        tone={(entry) => (mismatched(entry) ? 'bg.error' : undefined)}
      >
        {(entry) => <StepText step={entry} />}
      </StepList>
    </Stack>
  );
}

/** A recording the Live view saved: which of this machine's actors to replay, and what changed since. */
function RecordingFile({ model, selected, onChoose }: PickerProps) {
  const [file, setFile] = useState<LiveRecording | string | null>(null);
  const recording = typeof file === 'string' ? null : file;
  const actors = recording ? recordedActors(recording, model.name) : [];
  const vanished = recording ? vanishedEdges(recording, model) : [];
  const chosen = selected('live');
  return (
    <Stack gap={2} minW={0}>
      <Hint>
        A file the Live view's “Save recording” downloaded: one actor's events replay on today's machine from
        its first recorded state.
      </Hint>
      <Input
        type="file"
        size="sm"
        accept="application/json,.json"
        aria-label="Recording file"
        onChange={async (event) => setFile(parseRecording((await event.target.files?.[0]?.text()) ?? ''))}
      />
      {typeof file === 'string' ? <Warning role="alert">{file}</Warning> : null}
      {recording && !actors.length ? (
        <Text fontSize="sm">The recording holds no events of {model.name}.</Text>
      ) : null}
      {vanished.length ? (
        <Stack gap={0} role="status">
          <Warning>
            {model.name} changed since this recording: {vanished.length} recorded edge
            {vanished.length === 1 ? ' no longer exists' : 's no longer exist'}:
          </Warning>
          {vanished.map((edge) => (
            <Mono key={edge} fontSize="xs">
              {edge}
            </Mono>
          ))}
        </Stack>
      ) : null}
      {recording && actors.length ? (
        <ChoiceList
          label="Recorded actors"
          items={actors}
          id={(entry) => entry.actor}
          text={(entry) => entry.text}
          selected={actors.find(({ actor }) => chosen?.startsWith(`${actor},`))?.actor ?? null}
          onSelect={({ actor }) => onChoose(liveRecordingPath(recording, actor))}
        />
      ) : null}
    </Stack>
  );
}
