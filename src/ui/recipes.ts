/**
 * Recipes kept out of the main bundle: components pass them with the `recipe` prop, so each loads with
 * the first route that renders it (see src/ui/system.ts). The single-recipe paths are resolved by an
 * alias in vite.config.ts and by `paths` in tsconfig.json.
 */
export { badgeRecipe } from '@chakra-ui/react/theme/recipes/badge';
export { checkboxSlotRecipe as checkboxRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
export { dialogSlotRecipe as dialogRecipe } from '@chakra-ui/react/theme/recipes/dialog';
export { drawerSlotRecipe as drawerRecipe } from '@chakra-ui/react/theme/recipes/drawer';
export { menuSlotRecipe as menuRecipe } from '@chakra-ui/react/theme/recipes/menu';
export { nativeSelectSlotRecipe as nativeSelectRecipe } from '@chakra-ui/react/theme/recipes/native-select';
export { radioGroupSlotRecipe as radioGroupRecipe } from '@chakra-ui/react/theme/recipes/radio-group';
export { separatorRecipe } from '@chakra-ui/react/theme/recipes/separator';
export { skeletonRecipe } from '@chakra-ui/react/theme/recipes/skeleton';
export { tableSlotRecipe as tableRecipe } from '@chakra-ui/react/theme/recipes/table';
export { tabsSlotRecipe as tabsRecipe } from '@chakra-ui/react/theme/recipes/tabs';
export { toastSlotRecipe as toastRecipe } from '@chakra-ui/react/theme/recipes/toast';
