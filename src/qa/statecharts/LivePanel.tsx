import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ChoiceList, ScrollingList } from './ChoiceList';
import type { LiveActor } from './inspector/protocol';
import { actorKey, type Inspector } from './inspector/useInspector';
import { stateValueLabel } from './state-label';

/**
 * The live inspector: the machines running in the app's other tabs (same origin), the one followed on
 * the diagram, and the events as they arrive with their payloads (secrets masked in the app's tab).
 */

/** The actor's state, or its status once it is not active (stopped, done). */
export const liveState = (actor: LiveActor) =>
  actor.status === 'active' && actor.value !== null ? stateValueLabel(actor.value) : actor.status;

const time = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour12: false });

export function LivePanel({
  inspector,
  followed,
  onFollow,
}: {
  inspector: Inspector;
  followed: string | null;
  onFollow: (key: string | null, machine: string) => void;
}) {
  const { actors, log, paused, missed, setPaused, clear } = inspector;
  const byKey = new Map(actors.map((actor) => [actorKey(actor), actor]));
  return (
    <Stack gap={3} minW={0} data-testid="live">
      <Text fontSize="xs" color="fg.muted">
        Open the app in another tab of this origin: its running machines and their events show here. Nothing
        leaves the browser; passwords, tokens and codes are masked.
      </Text>
      <Stack gap={1}>
        <Heading as="h3" size="sm">
          Running machines ({actors.length})
        </Heading>
        {actors.length ? (
          <ChoiceList
            label="Running machines"
            items={actors.map(actorKey)}
            text={(key) => {
              const actor = byKey.get(key);
              return actor ? `${actor.machine}: ${liveState(actor)} · ${actor.path}` : key;
            }}
            selected={followed}
            onSelect={(key) => onFollow(key === followed ? null : key, byKey.get(key)?.machine ?? '')}
          />
        ) : (
          <Text fontSize="xs" color="fg.muted">
            No app tab has answered yet.
          </Text>
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
          <Button size="xs" variant="outline" disabled={!log.length} onClick={clear}>
            Clear
          </Button>
        </Flex>
        {paused ? (
          <Text fontSize="xs" color="fg.muted" role="status">
            Paused: {missed} event{missed === 1 ? '' : 's'} not logged.
          </Text>
        ) : null}
        <ScrollingList as="ol" label="Event log" focusable maxH={{ base: '360px', lg: '420px' }}>
          {[...log].reverse().map((entry) => (
            <Box as="li" key={entry.seq} px={2} py={1} borderBottomWidth="1px" data-testid="live-event">
              <Text fontSize="xs" fontFamily="mono" wordBreak="break-word">
                <Text as="span" color="fg.muted">
                  {time(entry.time)}
                </Text>{' '}
                <Text as="span" fontWeight="semibold">
                  {entry.actor.machine}
                </Text>{' '}
                {entry.type} → {liveState(entry.actor)}
              </Text>
              {Object.keys(entry.payload as object).length ? (
                <Text
                  as="pre"
                  fontSize="xs"
                  fontFamily="mono"
                  whiteSpace="pre-wrap"
                  wordBreak="break-word"
                  color="fg.muted"
                >
                  {JSON.stringify(entry.payload)}
                </Text>
              ) : null}
            </Box>
          ))}
        </ScrollingList>
      </Stack>
    </Stack>
  );
}
