import { Box, Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AnyEventObject } from 'xstate';
import { nativeSelectRecipe } from '../../ui/recipes';
import { Hint, ScrollingList, Subheading, ToggleGroup, Warning } from './ChoiceList';
import { maskedValue } from './inspector/mask';
import { Json } from './Json';
import type { MachineModel } from './model-kit';
import type { ModelPath } from './paths';
import { type Choice, type ChoiceGroup, editedLabel, enabledChoices, parseEdited } from './simulator';
import { stateLabel } from './state-label';

/** Plays a machine by hand (simulator.ts); the URL is the played path. */

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

  const go = (next: string[]) => {
    setAsking(null);
    setCopied(false);
    onPlay(next);
  };
  const play = (choice: Choice) => go([...labels, choice.label]);
  const choose = (group: ChoiceGroup) => {
    const [only] = group.choices;
    if (group.choices.length === 1 && only) play(only);
    else setAsking(group.name === asking ? null : group.name);
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Stack gap={3} minW={0} data-testid="simulator">
      {model.inputs.length > 1 ? (
        <ToggleGroup
          label="Start from"
          titles={Object.fromEntries(model.inputs.map((input) => [input.label, input.label]))}
          value={path.inputLabel}
          onChange={(label) => {
            setAsking(null);
            onInput(label);
          }}
          idle="outline"
        />
      ) : null}
      <Box borderWidth="1px" borderRadius="md" p={2} bg="bg.subtle">
        <Hint>Current state{current.status === 'active' ? '' : ` (${current.status})`}</Hint>
        <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-word" data-testid="simulator-state">
          {stateLabel(current)}
        </Text>
        <Json label="Context" value={maskedValue(current.context)} />
      </Box>
      {unmatched ? (
        <Warning role="status">
          The link's step “{unmatched}” is not enabled here any more: the path stops before it.
        </Warning>
      ) : null}
      <Stack gap={1}>
        <Subheading>Enabled events</Subheading>
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
          <Hint>No event is enabled: the machine has stopped here.</Hint>
        )}
      </Stack>
      <PayloadEditor
        key={labels.join(' → ')}
        presets={groups
          .flatMap((group) => group.choices)
          .filter((choice) => Object.keys(choice.event).length > 1)}
        onPlay={(event) => go([...labels, editedLabel(event)])}
      />
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
        <Hint alignSelf="center" role="status">
          {copied ? 'Link copied: it reopens this path.' : ''}
        </Hint>
      </Flex>
      <Stack gap={1}>
        <Subheading>
          Played path ({labels.length} step{labels.length === 1 ? '' : 's'})
        </Subheading>
        <ScrollingList as="ol" label="Played steps">
          {[
            `0. ${path.inputLabel} → ${stateLabel(path.initial)}`,
            ...path.steps.map((step, index) => `${index + 1}. ${step.label} → ${stateLabel(step.state)}`),
          ].map((row) => (
            <Box as="li" key={row} px={3} py={1} borderBottomWidth="1px">
              <Text fontSize="xs" fontFamily="mono" wordBreak="break-word">
                {row}
              </Text>
            </Box>
          ))}
        </ScrollingList>
      </Stack>
    </Stack>
  );
}

/** Sends one of the enabled presets with its payload edited, checked against the preset's shape. */
function PayloadEditor({ presets, onPlay }: { presets: Choice[]; onPlay: (event: AnyEventObject) => void }) {
  const [chosen, setChosen] = useState(0);
  const preset = presets[Math.min(chosen, presets.length - 1)];
  const payloadOf = (event: AnyEventObject) => {
    const { type: _type, ...payload } = event;
    return JSON.stringify(payload, null, 1);
  };
  const [text, setText] = useState(preset ? payloadOf(preset.event) : '');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (!preset) return null;
  return (
    // Not a closed <details>: Chrome does not run the transitions of content it hides (content-visibility).
    <Box borderWidth="1px" borderRadius="md" p={2}>
      <Button size="xs" variant="plain" p={0} aria-expanded={open} onClick={() => setOpen(!open)}>
        Edit a payload
      </Button>
      {open ? (
        <Stack gap={2} mt={2}>
          <Field.Root>
            <Field.Label fontSize="xs">Preset</Field.Label>
            <NativeSelect.Root recipe={nativeSelectRecipe} size="sm">
              <NativeSelect.Field
                value={chosen}
                onChange={(event) => {
                  const index = Number(event.currentTarget.value);
                  setChosen(index);
                  setText(payloadOf((presets[index] ?? preset).event));
                  setError(null);
                }}
              >
                {presets.map((choice, index) => (
                  <option key={choice.label} value={index}>
                    {choice.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Input asChild size="sm" h="auto" py={2} fontFamily="mono">
            <textarea
              rows={4}
              aria-label="Payload"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Input>
          <Flex gap={2} align="center" wrap="wrap">
            <Button
              size="xs"
              onClick={() => {
                const event = parseEdited(preset.event, text);
                if (typeof event === 'string') setError(event);
                else onPlay(event);
              }}
            >
              Send {preset.event.type}
            </Button>
            {error ? <Warning role="alert">{error}</Warning> : null}
          </Flex>
        </Stack>
      ) : null}
    </Box>
  );
}
