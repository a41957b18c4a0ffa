/**
 * The viewer's pressed toggles (the panel switch, Follow active state, the chosen machine): teal text
 * on the subtle teal, 4.7:1 in light mode. Hovered, Chakra's subtle variant darkens the background to
 * the muted teal, 4.2:1 (under AA's 4.5:1 at 12 px, and a pointer rests there right after the click),
 * so a pressed toggle keeps its background and marks the hover with an underline instead.
 */
export const pressedToggle = {
  variant: 'subtle',
  colorPalette: 'teal',
  _hover: { bg: 'colorPalette.subtle', textDecoration: 'underline' },
} as const;
