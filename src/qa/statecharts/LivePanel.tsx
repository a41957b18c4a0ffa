import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ChoiceList, Hint, ScrollingList, Subheading, WRAPPING_BUTTON } from './ChoiceList';
import type { LiveActor } from './inspector/protocol';
import { actorKey, type LoggedEvent, useInspector } from './inspector/useInspector';
import { Json } from './Json';
import { recordingOf } from './live-recording';
import { MODELS } from './models';
import { stateValueLabel } from './state-label';

/**
 * The live inspector: the machines running in the app's other tabs and their events (masked in the app's
 * tab); a click on an event shows the chart and the context just after it (time travel).
 */

/** The actor's state, or its status once it is not active (stopped, done). */
export const liveState = (actor: LiveActor) =>
  actor.status === 'active' && actor.value !== null ? stateValueLabel(actor.value) : actor.status;

/** Downloads the log as a recording (live-recording.ts), for the Replay panel or a bug report. */
function saveRecording(log: LoggedEvent[]) {
  const recording = recordingOf(log, MODELS);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(
    new Blob([JSON.stringify(recording, null, 1)], { type: 'application/json' }),
  );
  link.download = `statecharts-recording-${recording.saved.replace(/[:.]/g, '-')}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** `14:03:27`: when an event arrived. */
export const clockTime = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour12: false });

/** The live view's state, kept above the machine's view: following an actor `show`s its machine. */
export function useLive(show: (machine: string) => void) {
  const inspector = useInspector();
  const [followed, setFollowed] = useState<string | null>(null);
  /** The logged event whose moment the diagram shows (time travel); null: the present. */
  const [travel, setTravel] = useState<LoggedEvent | null>(null);
  const follow = (key: string | null, machine: string) => {
    setFollowed(key);
    if (key) show(machine);
  };
  const travelTo = (entry: LoggedEvent | null) => {
    setTravel(entry);
    if (entry) follow(actorKey(entry.actor), entry.actor.machine);
  };
  return { inspector, followed, follow, travel, travelTo };
}

export type Live = ReturnType<typeof useLive>;

export function LivePanel({ live }: { live: Live }) {
  const { inspector, followed, follow, travel, travelTo } = live;
  const { actors, log, paused, missed, setPaused, clear } = inspector;
  return (
    <Stack gap={3} minW={0} data-testid="live">
      <Hint>
        Open the app in another tab of this origin: its running machines and their events show here. Nothing
        leaves the browser; passwords, tokens and codes are masked.
      </Hint>
      <Stack gap={1}>
        <Subheading>Running machines ({actors.length})</Subheading>
        {actors.length ? (
          <ChoiceList
            label="Running machines"
            items={actors}
            id={actorKey}
            text={(actor) => `${actor.machine}: ${liveState(actor)} · ${actor.path}`}
            selected={followed}
            onSelect={(actor) => follow(actorKey(actor) === followed ? null : actorKey(actor), actor.machine)}
          />
        ) : (
          <Hint>No app tab has answered yet.</Hint>
        )}
      </Stack>
      <Stack gap={1} minW={0}>
        <Flex align="center" gap={2} wrap="wrap">
          <Heading as="h3" size="sm" flex="1">
            Event log ({log.length})
          </Heading>
          <Button size="xs" variant="outline" aria-pressed={paused} onClick={() => setPaused(!paused)}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="xs" variant="outline" disabled={!log.length} onClick={() => saveRecording(log)}>
            Save recording
          </Button>
          <Button size="xs" variant="outline" disabled={!log.length} onClick={clear}>
            Clear
          </Button>
          {travel ? (
            <Button size="xs" variant="outline" onClick={() => travelTo(null)}>
              Back to now
            </Button>
          ) : null}
        </Flex>
        {paused ? (
          <Hint role="status">
            Paused: {missed} event{missed === 1 ? '' : 's'} not logged.
          </Hint>
        ) : null}
        <ScrollingList as="ol" label="Event log" focusable maxH={{ base: '360px', lg: '420px' }}>
          {[...log].reverse().map((entry) => (
            <EventRow
              key={entry.seq}
              entry={entry}
              selected={entry.seq === travel?.seq}
              onTravel={travelTo}
            />
          ))}
        </ScrollingList>
      </Stack>
    </Stack>
  );
}

/** A logged event: a click shows the chart and the context just after it (again: back to now). */
function EventRow({
  entry,
  selected,
  onTravel,
}: {
  entry: LoggedEvent;
  selected: boolean;
  onTravel: (entry: LoggedEvent | null) => void;
}) {
  return (
    <Box
      as="li"
      px={2}
      py={1}
      borderBottomWidth="1px"
      bg={selected ? 'teal.subtle' : undefined}
      data-testid="live-event"
    >
      <Button
        {...WRAPPING_BUTTON}
        variant="plain"
        p={0}
        aria-current={selected ? 'step' : undefined}
        title="Show the chart and the context as they were after this event"
        onClick={() => onTravel(selected ? null : entry)}
      >
        <Text as="span" color="fg.muted">
          {clockTime(entry.time)}
        </Text>{' '}
        <Text as="span" fontWeight="semibold">
          {entry.actor.machine}
        </Text>{' '}
        {entry.type} → {liveState(entry.actor)}
      </Button>
      {Object.keys(entry.payload as object).length ? <Json value={entry.payload} /> : null}
      {selected ? <Json label="context after it" value={entry.actor.context} /> : null}
    </Box>
  );
}
