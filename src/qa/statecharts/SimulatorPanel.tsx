import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { MachineModel } from './model-kit';
import type { ModelPath } from './paths';
import { type Choice, type ChoiceGroup, enabledChoices } from './simulator';
import { stateLabel } from './state-label';

/**
 * Plays a machine by hand: the events enabled in the current state are buttons; where a guard or an
 * actor's outcome decides the target, QA picks the outcome. Back, reset, and the URL is the played path.
 */

/** `xstate.error.actor.submit (401)` → `error (401)`: the group already names the actor. */
function choiceText(choice: Choice): string {
  return choice.label.replace(/^xstate\.(done|error)\.actor\.[^ ]+/, '$1');
}

export function SimulatorPanel({
  model,
  path,
  unmatched,
  onInput,
  onPlay,
}: {
  model: MachineModel;
  path: ModelPath;
  /** A label of a shared link the machine no longer enables there. */
  unmatched: string | undefined;
  onInput: (label: string) => void;
  onPlay: (labels: string[]) => void;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const current = path.steps.at(-1)?.state ?? path.initial;
  const groups = enabledChoices(model, current);
  const labels = path.steps.map((step) => step.label);
  const question = groups.find((group) => group.name === asking);

  const play = (choice: Choice) => {
    setAsking(null);
    setCopied(false);
    onPlay([...labels, choice.label]);
  };
  const choose = (group: ChoiceGroup) => {
    const [only] = group.choices;
    if (group.choices.length === 1 && only) play(only);
    else setAsking(group.name === asking ? null : group.name);
  };
  const go = (next: string[]) => {
    setAsking(null);
    setCopied(false);
    onPlay(next);
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Stack gap={3} minW={0} data-testid="simulator">
      {model.inputs.length > 1 ? (
        <Flex gap={1} wrap="wrap" role="group" aria-label="Start from">
          {model.inputs.map((input) => (
            <Button
              key={input.label}
              size="xs"
              variant={input.label === path.inputLabel ? 'solid' : 'outline'}
              aria-pressed={input.label === path.inputLabel}
              onClick={() => {
                setAsking(null);
                onInput(input.label);
              }}
            >
              {input.label}
            </Button>
          ))}
        </Flex>
      ) : null}
      <Box borderWidth="1px" borderRadius="md" p={2} bg="bg.subtle">
        <Text fontSize="xs" color="fg.muted">
          Current state{current.status === 'active' ? '' : ` (${current.status})`}
        </Text>
        <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-word" data-testid="simulator-state">
          {stateLabel(current)}
        </Text>
      </Box>
      {unmatched ? (
        <Text fontSize="xs" color="fg.error" role="status">
          The link's step “{unmatched}” is not enabled here any more: the path stops before it.
        </Text>
      ) : null}
      <Stack gap={1}>
        <Heading as="h3" size="sm">
          Enabled events
        </Heading>
        {groups.length ? (
          <Flex gap={1} wrap="wrap" role="group" aria-label="Enabled events">
            {groups.map((group) => (
              <Button
                key={group.name}
                size="xs"
                variant={group.name === asking ? 'solid' : 'outline'}
                fontFamily="mono"
                aria-expanded={group.choices.length > 1 ? group.name === asking : undefined}
                onClick={() => choose(group)}
              >
                {group.name}
                {group.choices.length > 1 ? ` (${group.choices.length} outcomes)` : ''}
              </Button>
            ))}
          </Flex>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            No event is enabled: the machine has stopped here.
          </Text>
        )}
      </Stack>
      {question ? (
        <Stack as="fieldset" gap={1} borderWidth="1px" borderRadius="md" p={2} borderColor="teal.solid">
          <Text as="legend" fontSize="sm" fontWeight="semibold" px={1}>
            Which outcome of {question.name}?
          </Text>
          {question.choices.map((choice) => (
            <Button
              key={choice.label}
              size="xs"
              variant="ghost"
              justifyContent="flex-start"
              h="auto"
              py={1}
              whiteSpace="normal"
              textAlign="start"
              fontFamily="mono"
              fontWeight="normal"
              onClick={() => play(choice)}
            >
              {choiceText(choice)} → {choice.target}
            </Button>
          ))}
        </Stack>
      ) : null}
      <Flex gap={2} wrap="wrap">
        <Button size="xs" variant="outline" disabled={!labels.length} onClick={() => go(labels.slice(0, -1))}>
          Back
        </Button>
        <Button size="xs" variant="outline" disabled={!labels.length} onClick={() => go([])}>
          Reset
        </Button>
        <Button size="xs" variant="outline" onClick={() => void copy()}>
          Copy link
        </Button>
        <Text fontSize="xs" color="fg.muted" alignSelf="center" role="status">
          {copied ? 'Link copied: it reopens this path.' : ''}
        </Text>
      </Flex>
      <Stack gap={1}>
        <Heading as="h3" size="sm">
          Played path ({labels.length} step{labels.length === 1 ? '' : 's'})
        </Heading>
        <Stack
          as="ol"
          aria-label="Played steps"
          gap={0}
          borderWidth="1px"
          borderRadius="md"
          listStyleType="none"
        >
          <Box as="li" px={3} py={1} borderBottomWidth="1px">
            <Text fontSize="xs" fontFamily="mono">
              0. {path.inputLabel} → {stateLabel(path.initial)}
            </Text>
          </Box>
          {path.steps.map((step, index) => (
            <Box as="li" key={labels.slice(0, index + 1).join(' → ')} px={3} py={1} borderBottomWidth="1px">
              <Text fontSize="xs" fontFamily="mono" wordBreak="break-word">
                {index + 1}. {step.label} → {stateLabel(step.state)}
              </Text>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
