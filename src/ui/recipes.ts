/**
 * Recipes kept out of the main bundle: components pass them with the `recipe` prop, so each loads with
 * the first route that renders it (see src/ui/system.ts). The single-recipe paths are resolved by an
 * alias in vite.config.ts and by `paths` in tsconfig.json.
 */
import { defineSlotRecipe } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';

export { badgeRecipe } from '@chakra-ui/react/theme/recipes/badge';
export { checkboxSlotRecipe as checkboxRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
export { drawerSlotRecipe as drawerRecipe } from '@chakra-ui/react/theme/recipes/drawer';
export { nativeSelectSlotRecipe as nativeSelectRecipe } from '@chakra-ui/react/theme/recipes/native-select';
export { radioGroupSlotRecipe as radioGroupRecipe } from '@chakra-ui/react/theme/recipes/radio-group';
export { separatorRecipe } from '@chakra-ui/react/theme/recipes/separator';
export { skeletonRecipe } from '@chakra-ui/react/theme/recipes/skeleton';
export { tableSlotRecipe as tableRecipe } from '@chakra-ui/react/theme/recipes/table';
export { tabsSlotRecipe as tabsRecipe } from '@chakra-ui/react/theme/recipes/tabs';
export { toastSlotRecipe as toastRecipe } from '@chakra-ui/react/theme/recipes/toast';
export { tooltipSlotRecipe as tooltipRecipe } from '@chakra-ui/react/theme/recipes/tooltip';

/**
 * Menus (row actions, user menu): items 44 px tall on a phone (touch targets), and a popover that stands
 * off the page in dark mode too (a border, and a surface a step lighter than the near-black page).
 */
const menuBase = menuSlotRecipe.base ?? {};
export const menuRecipe = defineSlotRecipe({
  ...menuSlotRecipe,
  base: {
    ...menuBase,
    content: {
      ...menuBase.content,
      borderWidth: '1px',
      borderColor: 'border',
      // The dark page is near-black and so is Chakra's black shadow: the lighter edge outlines the popover.
      _dark: { '--menu-bg': 'colors.gray.900', borderColor: 'border.emphasized' },
    },
    item: { ...menuBase.item, minH: { base: '11', md: 'auto' } },
  },
});

/**
 * Dialogs: in dark mode a surface a step lighter than the near-black page and a lighter edge, as menus.
 * The panel colour itself is set, so what paints with it inside (the body's scroll shadows) follows.
 */
const dialogBase = dialogSlotRecipe.base ?? {};
export const dialogRecipe = defineSlotRecipe({
  ...dialogSlotRecipe,
  base: {
    ...dialogBase,
    content: {
      ...dialogBase.content,
      _dark: {
        '--chakra-colors-bg-panel': 'colors.gray.900',
        borderWidth: '1px',
        borderColor: 'border.emphasized',
      },
    },
  },
});
