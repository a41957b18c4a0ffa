import { Badge, Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { badgeRecipe } from '../../ui/recipes';
import { ChoiceList, StepList } from './ChoiceList';
import type { MachineModel } from './model-kit';
import { pressedToggle } from './pressed';
import { loadFixture, loadRegressions } from './recordings';
import {
  fixtureRecording,
  mismatched,
  parsePastedPath,
  propertyRecording,
  type RecordedPath,
  type ReplayedStep,
  replayRecording,
} from './replay';
import { useLoaded } from './use-loaded';

/**
 * Replays a recorded path step by step (replay.ts): one of the machine's committed path fixtures
 * (tests/fixtures/paths), one of the property walks' regression paths (tests/property/regressions.json),
 * or a path pasted from a failing walk's report. Each step shows the state the machine reaches here and,
 * for a fixture, the state the fixture expects; a difference is marked. The diagram follows the step.
 */

type Source = 'fixtures' | 'property' | 'paste';
const SOURCE_TITLES: Record<Source, string> = {
  fixtures: 'Path fixtures',
  property: 'Property paths',
  paste: 'Paste a path',
};

function StepText({ step }: { step: ReplayedStep }) {
  const differs = mismatched(step);
  return (
    <>
      <Text fontSize="sm" fontFamily="mono" fontWeight="semibold" wordBreak="break-word">
        {step.index}. {step.label}
      </Text>
      <Text fontSize="xs" fontFamily="mono" wordBreak="break-word" color={differs ? 'fg.error' : 'fg.muted'}>
        → {step.actual}
        {differs ? `, expected ${step.expected}` : ''}
      </Text>
      {step.note ? (
        <Text fontSize="xs" color="fg.muted">
          {step.note}
        </Text>
      ) : null}
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
  const fixture = useLoaded(`fixture ${model.name}`, () => loadFixture(model.name));
  const regressions = useLoaded('regressions', loadRegressions);
  const [source, setSource] = useState<Source>('fixtures');
  const [filter, setFilter] = useState('');
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const [recording, setRecording] = useState<RecordedPath | null>(null);
  const [index, setIndex] = useState(0);

  const replay = useMemo(() => (recording ? replayRecording(model, recording) : null), [model, recording]);
  const steps = replay?.steps ?? [];
  const step = steps[Math.min(index, steps.length - 1)];
  useEffect(() => onStep(step), [step, onStep]);

  const choose = (next: RecordedPath) => {
    setRecording(next);
    setIndex(0);
  };
  const machineRegressions = (regressions ?? [])
    .map((path, position) => ({ path, id: `regression ${position + 1}` }))
    .filter(({ path }) => path.machine === model.name);
  const fixturePaths = (fixture?.paths ?? []).filter((path) =>
    path.id.toLowerCase().includes(filter.toLowerCase()),
  );
  const mismatches = steps.filter(mismatched).length;

  const replayPasted = () => {
    const parsed = parsePastedPath(pasted);
    if (typeof parsed === 'string') return setPasteError(parsed);
    if (parsed.machine !== model.name)
      return setPasteError(
        `This path is of the machine ${parsed.machine}: choose it, then paste the path again.`,
      );
    setPasteError(null);
    choose(propertyRecording(parsed, 'pasted path'));
  };

  return (
    <Stack gap={3} minW={0} data-testid="replay">
      <Flex gap={1} wrap="wrap" role="group" aria-label="Recorded paths">
        {(Object.keys(SOURCE_TITLES) as Source[]).map((value) => (
          <Button
            key={value}
            size="xs"
            {...(value === source ? pressedToggle : { variant: 'outline' })}
            aria-pressed={value === source}
            onClick={() => setSource(value)}
          >
            {SOURCE_TITLES[value]}
          </Button>
        ))}
      </Flex>

      {source === 'fixtures' ? (
        <Stack gap={2} minW={0}>
          <Text fontSize="xs" color="fg.muted">
            tests/fixtures/paths/{model.name}.json: every generated path with the state each step must reach (
            {fixture ? `${fixture.paths.length} paths` : 'loading…'}).
          </Text>
          <Input
            size="sm"
            placeholder="Filter fixture paths"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            aria-label="Filter fixture paths"
          />
          <ChoiceList
            label="Fixture paths"
            items={fixturePaths.map((path) => path.id)}
            selected={recording?.kind === 'fixture' ? recording.id : null}
            onSelect={(id) => {
              const path = fixture?.paths.find((candidate) => candidate.id === id);
              if (path) choose(fixtureRecording(model.name, path));
            }}
            maxH={{ base: '200px', lg: '220px' }}
            focusable
          />
        </Stack>
      ) : source === 'property' ? (
        <Stack gap={2} minW={0}>
          <Text fontSize="xs" color="fg.muted">
            tests/property/regressions.json: minimal paths of seeded faults the property walks caught (
            {regressions ? `${machineRegressions.length} for ${model.name}` : 'loading…'}).
          </Text>
          {regressions && machineRegressions.length === 0 ? (
            <Text fontSize="sm">No regression path is kept for {model.name}.</Text>
          ) : (
            <ChoiceList
              label="Property paths"
              items={machineRegressions.map(({ id }) => id)}
              text={(id) => {
                const found = machineRegressions.find((entry) => entry.id === id);
                return `${id}: ${found?.path.why ?? `${found?.path.steps.length} steps`}`;
              }}
              selected={recording?.kind === 'property' ? recording.id : null}
              onSelect={(id) => {
                const found = machineRegressions.find((entry) => entry.id === id);
                if (found) choose(propertyRecording(found.path, id));
              }}
              maxH={{ base: '200px', lg: '220px' }}
            />
          )}
        </Stack>
      ) : (
        <Stack gap={2} minW={0}>
          <Text fontSize="xs" color="fg.muted">
            A failing property walk prints its minimal path and, after “as a regression:”, the same path as
            JSON. Paste either.
          </Text>
          <Input asChild size="sm" h="auto" py={2} fontFamily="mono">
            <textarea
              rows={4}
              aria-label="Path to replay"
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              placeholder='{"machine":"profile","input":"start","steps":["send profile.edit …"]}'
            />
          </Input>
          <Flex gap={2} align="center" wrap="wrap">
            <Button size="xs" disabled={!pasted.trim()} onClick={replayPasted}>
              Replay the pasted path
            </Button>
            {pasteError ? (
              <Text fontSize="xs" color="fg.error" role="alert">
                {pasteError}
              </Text>
            ) : null}
          </Flex>
        </Stack>
      )}

      {replay && step ? (
        <Stack gap={2} minW={0}>
          <Flex align="center" gap={2} wrap="wrap">
            <Heading as="h3" size="sm" flex="1" minW={0} wordBreak="break-word">
              Step {step.index} of {steps.length - 1 + (replay.stopped ? 1 : 0)}
            </Heading>
            <Button size="xs" variant="outline" disabled={index <= 0} onClick={() => setIndex(index - 1)}>
              Previous
            </Button>
            <Button size="xs" disabled={index >= steps.length - 1} onClick={() => setIndex(index + 1)}>
              Next
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={index >= steps.length - 1}
              onClick={() => setIndex(steps.length - 1)}
            >
              Last
            </Button>
          </Flex>
          <Text fontSize="xs" fontFamily="mono" color="fg.muted" wordBreak="break-word">
            {recording?.id}
          </Text>
          <Box
            borderWidth="1px"
            borderRadius="md"
            p={2}
            bg="bg.subtle"
            borderColor={mismatched(step) ? 'border.error' : undefined}
            data-testid="replay-step"
          >
            <Text fontSize="xs" color="fg.muted">
              Reached here
            </Text>
            <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-word" data-testid="replay-actual">
              {step.actual}
            </Text>
            <Text fontSize="xs" color="fg.muted" mt={1}>
              Expected by the recording
            </Text>
            <Flex gap={2} align="center" wrap="wrap">
              <Text fontFamily="mono" wordBreak="break-word" data-testid="replay-expected">
                {step.expected ?? '— (a property path records no states)'}
              </Text>
              {step.expected !== undefined ? (
                <Badge recipe={badgeRecipe} colorPalette={mismatched(step) ? 'red' : 'green'}>
                  {mismatched(step) ? 'differs' : 'same'}
                </Badge>
              ) : null}
            </Flex>
          </Box>
          {mismatches ? (
            <Text fontSize="xs" color="fg.error" role="status">
              {mismatches} step{mismatches === 1 ? '' : 's'} reach another state than the recording expects.
            </Text>
          ) : null}
          {replay.stopped ? (
            <Text fontSize="xs" color="fg.error" role="status">
              Step {replay.stopped.index} “{replay.stopped.label}” cannot be made: {replay.stopped.reason}.
            </Text>
          ) : null}
          <StepList
            label="Replayed steps"
            steps={steps}
            current={index}
            onSelect={setIndex}
            tone={(entry) => (mismatched(entry) ? 'bg.error' : undefined)}
          >
            {(entry) => <StepText step={entry} />}
          </StepList>
        </Stack>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          Pick a path to replay it.
        </Text>
      )}
    </Stack>
  );
}
