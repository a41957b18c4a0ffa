import { createSystem, defaultBaseConfig, defineConfig, defineRecipe } from '@chakra-ui/react';
import { breakpoints } from '@chakra-ui/react/theme/breakpoints';
import { globalCss } from '@chakra-ui/react/theme/global-css';
import { layerStyles } from '@chakra-ui/react/theme/layer-styles';
import { animationStyles } from '@chakra-ui/react/theme/motion-styles';
import { badgeRecipe } from '@chakra-ui/react/theme/recipes/badge';
import { buttonRecipe } from '@chakra-ui/react/theme/recipes/button';
import { fieldSlotRecipe } from '@chakra-ui/react/theme/recipes/field';
import { headingRecipe } from '@chakra-ui/react/theme/recipes/heading';
import { inputRecipe } from '@chakra-ui/react/theme/recipes/input';
import { linkRecipe } from '@chakra-ui/react/theme/recipes/link';
import { separatorRecipe } from '@chakra-ui/react/theme/recipes/separator';
import { skeletonRecipe } from '@chakra-ui/react/theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-ui/react/theme/recipes/spinner';
import { semanticColors } from '@chakra-ui/react/theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-ui/react/theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-ui/react/theme/semantic-tokens/shadows';
import { textStyles } from '@chakra-ui/react/theme/text-styles';
import { animations } from '@chakra-ui/react/theme/tokens/animations';
import { aspectRatios } from '@chakra-ui/react/theme/tokens/aspect-ratios';
import { blurs } from '@chakra-ui/react/theme/tokens/blurs';
import { borders } from '@chakra-ui/react/theme/tokens/borders';
import { colors } from '@chakra-ui/react/theme/tokens/colors';
import { cursor } from '@chakra-ui/react/theme/tokens/cursor';
import { durations } from '@chakra-ui/react/theme/tokens/durations';
import { easings } from '@chakra-ui/react/theme/tokens/easings';
import { fontSizes } from '@chakra-ui/react/theme/tokens/font-sizes';
import { fontWeights } from '@chakra-ui/react/theme/tokens/font-weights';
import { fonts } from '@chakra-ui/react/theme/tokens/fonts';
import { keyframes } from '@chakra-ui/react/theme/tokens/keyframes';
import { letterSpacings } from '@chakra-ui/react/theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-ui/react/theme/tokens/line-heights';
import { radii } from '@chakra-ui/react/theme/tokens/radius';
import { sizes } from '@chakra-ui/react/theme/tokens/sizes';
import { spacing } from '@chakra-ui/react/theme/tokens/spacing';
import { zIndices } from '@chakra-ui/react/theme/tokens/z-indices';

/**
 * A lean teal system: the base config (utilities, conditions) plus only the recipes this app renders
 * and the default tokens/semantic tokens. Main #009688, danger #E53E3E, success #48BB78.
 */

export const THEME_COLORS = { main: '#009688', danger: '#E53E3E', success: '#48BB78' } as const;

const button = defineRecipe({
  ...buttonRecipe,
  base: { ...buttonRecipe.base, fontWeight: 'bold', colorPalette: 'teal' },
});

const config = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: { ...globalCss.html, colorPalette: 'teal' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
      colors: {
        ...colors,
        ui: {
          main: { value: THEME_COLORS.main },
          danger: { value: THEME_COLORS.danger },
          success: { value: THEME_COLORS.success },
        },
      },
    },
    semanticTokens: {
      shadows: semanticShadows,
      radii: semanticRadii,
      colors: {
        ...semanticColors,
        // The spec's colours (ui.main, ui.danger, ui.success) mark the brand, focus rings and status dots.
        // Solid fills carry white text, which needs 4.5:1 (WCAG AA): #009688 gives 3.7:1, #E53E3E 4.0:1 and
        // #48BB78 2.5:1, so fills use the next darker shade of each.
        teal: {
          ...semanticColors.teal,
          solid: { value: { _light: '#00796B', _dark: '#00796B' } },
          fg: { value: { _light: '#00796B', _dark: '{colors.teal.300}' } },
          focusRing: { value: { _light: '{colors.ui.main}', _dark: '{colors.teal.400}' } },
        },
        red: {
          ...semanticColors.red,
          solid: { value: { _light: '#C53030', _dark: '#C53030' } },
        },
        green: {
          ...semanticColors.green,
          solid: { value: { _light: '#22543D', _dark: '#22543D' } },
        },
      },
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    // Heavier slot recipes (dialog, menu, table, tabs, …) are passed with the `recipe` prop from
    // src/ui/recipes.ts by the components that use them, so they load with those routes only.
    slotRecipes: {
      field: fieldSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
