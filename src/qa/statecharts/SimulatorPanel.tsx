import { Box, Button, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AnyEventObject } from 'xstate';
import { nativeSelectRecipe } from '../../ui/recipes';
import {
  CodeArea,
  Hint,
  Mono,
  ScrollingList,
  Subheading,
  ToggleGroup,
  Warning,
  WRAPPING_BUTTON,
} from './ChoiceList';
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

  const go = (next: string[]) => {
    setAsking(null);
    setCopied(false);
    onPlay(next);
  };
  const play = (choice: Choice) => go([...labels, choice.label]);
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
      <CurrentState current={current} />
      {unmatched ? (
        <Warning role="status">
          The link's step “{unmatched}” is not enabled here any more: the path stops before it.
        </Warning>
      ) : null}
      <EnabledEvents groups={groups} asking={asking} onAsk={setAsking} onPlay={play} />
      <PayloadEditor
        key={labels.join(' → ')}
        presets={groups
          .flatMap((group) => group.choices)
          .filter((choice) => Object.keys(choice.event).length > 1)}
        onPlay={(event) => go([...labels, editedLabel(event)])}
      />
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
      <PlayedPath path={path} />
    </Stack>
  );
}

/** The state reached and its context (masked as the live log is). */
function CurrentState({ current }: { current: ModelPath['initial'] }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={2} bg="bg.subtle">
      <Hint>Current state{current.status === 'active' ? '' : ` (${current.status})`}</Hint>
      <Mono fontWeight="semibold" data-testid="simulator-state">
        {stateLabel(current)}
      </Mono>
      <Json label="Context" value={maskedValue(current.context)} />
    </Box>
  );
}

/** The events the machine takes in its current state; one with several outcomes asks which. */
function EnabledEvents({
  groups,
  asking,
  onAsk,
  onPlay,
}: {
  groups: ChoiceGroup[];
  /** The event whose outcomes are asked for. */
  asking: string | null;
  onAsk: (name: string | null) => void;
  onPlay: (choice: Choice) => void;
}) {
  const question = groups.find((group) => group.name === asking);
  const choose = (group: ChoiceGroup) => {
    const [only] = group.choices;
    if (group.choices.length === 1 && only) onPlay(only);
    else onAsk(group.name === asking ? null : group.name);
  };
  return (
    <>
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
      {question ? (
        <Stack as="fieldset" gap={1} borderWidth="1px" borderRadius="md" p={2} borderColor="teal.solid">
          <Text as="legend" fontSize="sm" fontWeight="semibold" px={1}>
            Which outcome of {question.name}?
          </Text>
          {question.choices.map((choice) => (
            <Button
              key={choice.label}
              {...WRAPPING_BUTTON}
              variant="ghost"
              py={1}
              onClick={() => onPlay(choice)}
            >
              {choiceText(choice)} → {choice.target}
            </Button>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/** The played path's steps, each with the state it reached. */
function PlayedPath({ path }: { path: ModelPath }) {
  return (
    <Stack gap={1}>
      <Subheading>
        Played path ({path.steps.length} step{path.steps.length === 1 ? '' : 's'})
      </Subheading>
      <ScrollingList as="ol" label="Played steps">
        {[
          `0. ${path.inputLabel} → ${stateLabel(path.initial)}`,
          ...path.steps.map((step, index) => `${index + 1}. ${step.label} → ${stateLabel(step.state)}`),
        ].map((row) => (
          <Box as="li" key={row} px={3} py={1} borderBottomWidth="1px">
            <Mono fontSize="xs">{row}</Mono>
          </Box>
        ))}
      </ScrollingList>
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
          <CodeArea aria-label="Payload" value={text} onChange={(event) => setText(event.target.value)} />
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
