import { Badge, Box, Heading, RadioGroup, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { COLOR_MODES, parseColorMode } from '../../machines/appearance';
import { badgeRecipe, radioGroupRecipe } from '../../ui/recipes';
import { useAppearanceActor } from '../app/context';
import { COLOR_MODE_LABELS } from './color-modes';

/** Light (default), dark or the system's mode; the choice persists in localStorage. */
export function Appearance() {
  const appearance = useAppearanceActor();
  const mode = useSelector(appearance, (snapshot) =>
    snapshot.matches('dark') ? 'dark' : snapshot.matches('system') ? 'system' : 'light',
  );
  return (
    <Box w={{ base: 'full', md: '50%' }} py={4}>
      <Heading as="h2" size="sm" py={4}>
        Appearance
      </Heading>
      <RadioGroup.Root
        recipe={radioGroupRecipe}
        value={mode}
        colorPalette="teal"
        // The tab panel is already named 'Appearance' (by its tab): one element answers to that label.
        aria-label="Colour mode"
        onValueChange={(details) =>
          appearance.send({ type: 'appearance.change', mode: parseColorMode(details.value) })
        }
      >
        <Stack gap={3}>
          {COLOR_MODES.map((value) => (
            <RadioGroup.Item key={value} value={value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {COLOR_MODE_LABELS[value]}
                {value === 'light' && (
                  <Badge recipe={badgeRecipe} ml={2} colorPalette="teal" variant="subtle">
                    Default
                  </Badge>
                )}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Box>
  );
}
