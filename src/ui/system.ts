import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  defineRecipe,
  type SystemConfig,
} from '@chakra-ui/react';
import { breakpoints } from '@chakra-ui/react/theme/breakpoints';
import { globalCss } from '@chakra-ui/react/theme/global-css';
import { animationStyles } from '@chakra-ui/react/theme/motion-styles';
import { buttonRecipe } from '@chakra-ui/react/theme/recipes/button';
import { fieldSlotRecipe } from '@chakra-ui/react/theme/recipes/field';
import { headingRecipe } from '@chakra-ui/react/theme/recipes/heading';
import { inputRecipe } from '@chakra-ui/react/theme/recipes/input';
import { linkRecipe } from '@chakra-ui/react/theme/recipes/link';
import { spinnerRecipe } from '@chakra-ui/react/theme/recipes/spinner';
import { semanticRadii } from '@chakra-ui/react/theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-ui/react/theme/semantic-tokens/shadows';
import { textStyles } from '@chakra-ui/react/theme/text-styles';
import { animations } from '@chakra-ui/react/theme/tokens/animations';
import { aspectRatios } from '@chakra-ui/react/theme/tokens/aspect-ratios';
import { blurs } from '@chakra-ui/react/theme/tokens/blurs';
import { borders } from '@chakra-ui/react/theme/tokens/borders';
import { cursor } from '@chakra-ui/react/theme/tokens/cursor';
import { durations } from '@chakra-ui/react/theme/tokens/durations';
import { easings } from '@chakra-ui/react/theme/tokens/easings';
import { fontSizes } from '@chakra-ui/react/theme/tokens/font-sizes';
import { fontWeights } from '@chakra-ui/react/theme/tokens/font-weights';
import { keyframes } from '@chakra-ui/react/theme/tokens/keyframes';
import { letterSpacings } from '@chakra-ui/react/theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-ui/react/theme/tokens/line-heights';
import { radii } from '@chakra-ui/react/theme/tokens/radius';
import { sizes } from '@chakra-ui/react/theme/tokens/sizes';
import { spacing } from '@chakra-ui/react/theme/tokens/spacing';
import { zIndices } from '@chakra-ui/react/theme/tokens/z-indices';

/**
 * A lean teal system: the base config (utilities, conditions) plus only the recipes this app renders,
 * the default non-colour tokens, and only the colour palettes something renders (gray, red, orange,
 * green, teal: Chakra's default values, light and dark) instead of all eleven. Main #009688, danger
 * #E53E3E, success #48BB78.
 */

export const THEME_COLORS = { main: '#009688', danger: '#E53E3E', success: '#48BB78' } as const;

/**
 * The one rule for the main colour. WCAG AA asks 4.5:1 of text and 3:1 of large text and of marks. White on
 * #009688 is 3.7:1, and #009688 on white 3.7:1 too, so whatever is text, or carries text or a white mark
 * (solid buttons, the logo's tile and its word, the 404 figure, links), takes the AA shade #00796B (5.3:1
 * either way; text on the dark page takes teal.300 instead, 12:1). #009688 itself marks only what carries
 * nothing: focus rings, the active entry's edge and tab line, the spinner, progress, borders.
 * `tests/e2e/theme.spec.ts` reads the button's, the logo's and the 404's computed colours against it.
 */
export const MAIN_AA_SHADE = '#00796B';

/**
 * The platform's own UI font instead of Chakra's default stack, which names Inter first but ships no Inter
 * file. `system-ui` is every current browser's UI font (San Francisco, Segoe UI, Roboto, the desktop's font
 * on Linux); the colour-emoji fonts come last so an emoji finds one where it is installed.
 */
const SYSTEM_FONTS = 'system-ui, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"';
const fonts = {
  heading: { value: SYSTEM_FONTS },
  body: { value: SYSTEM_FONTS },
  mono: { value: 'SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
};

const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;

/** A palette token group from its eleven shades (50 … 950), as Chakra's default tokens/colors. */
function shades(values: string | string[]): Record<string, { value: string }> {
  const list = typeof values === 'string' ? values.split(' ') : values;
  return Object.fromEntries(SHADES.map((shade, index) => [shade, { value: list[index] as string }]));
}

function alphas(rgb: string): Record<string, { value: string }> {
  const opacity = '0.04 0.06 0.08 0.16 0.24 0.36 0.48 0.64 0.80 0.92 0.95'.split(' ');
  return shades(opacity.map((alpha) => `rgba(${rgb}, ${alpha})`));
}

// Chakra's default colour tokens for the palettes the app uses (see @chakra-ui/react theme/tokens/colors).
const colors = {
  transparent: { value: 'transparent' },
  current: { value: 'currentColor' },
  black: { value: '#09090B' },
  white: { value: '#FFFFFF' },
  whiteAlpha: alphas('255, 255, 255'),
  blackAlpha: alphas('0, 0, 0'),
  gray: shades('#fafafa #f4f4f5 #e4e4e7 #d4d4d8 #a1a1aa #71717a #52525b #3f3f46 #27272a #18181b #111111'),
  red: shades('#fef2f2 #fee2e2 #fecaca #fca5a5 #f87171 #ef4444 #dc2626 #991919 #511111 #300c0c #1f0808'),
  orange: shades('#fff7ed #ffedd5 #fed7aa #fdba74 #fb923c #f97316 #ea580c #92310a #6c2710 #3b1106 #220a04'),
  green: shades('#f0fdf4 #dcfce7 #bbf7d0 #86efac #4ade80 #22c55e #16a34a #116932 #124a28 #042713 #03190c'),
  teal: shades('#f0fdfa #ccfbf1 #99f6e4 #5eead4 #2dd4bf #14b8a6 #0d9488 #0c5d56 #114240 #032726 #021716'),
};

type Mode = { value: { _light: string; _dark: string } };

/** `{colors.<palette>.<light>}` in light mode and `{colors.<palette>.<dark>}` in dark mode. */
function ref(palette: string, light: string, dark: string): Mode {
  const token = (shade: string) =>
    /^[a-z]+$/.test(shade) ? `{colors.${shade}}` : `{colors.${palette}.${shade}}`;
  return { value: { _light: token(light), _dark: token(dark) } };
}

/** bg/fg/border (Chakra's default semantic colours, less the unused `info` that needs blue). */
function status(light: string, dark: string): Record<string, Mode> {
  return {
    error: ref('red', light, dark),
    warning: ref('orange', light, dark),
    success: ref('green', light, dark),
  };
}

/** A colour palette's semantic tokens, as Chakra's defaults for red/orange/green/teal. */
function palette(name: string, contrastDark = 'white', solidDark = '600'): Record<string, Mode> {
  return {
    contrast: { value: { _light: 'white', _dark: contrastDark } },
    fg: ref(name, '700', '300'),
    subtle: ref(name, '100', '900'),
    muted: ref(name, '200', '800'),
    emphasized: ref(name, '300', '700'),
    solid: ref(name, '600', solidDark),
    focusRing: ref(name, '500', '500'),
    border: ref(name, '500', '400'),
  };
}

const semanticColors = {
  bg: {
    DEFAULT: ref('gray', 'white', 'black'),
    subtle: ref('gray', '50', '950'),
    muted: ref('gray', '100', '900'),
    emphasized: ref('gray', '200', '800'),
    inverted: ref('gray', 'black', 'white'),
    panel: ref('gray', 'white', '950'),
    ...status('50', '950'),
  },
  fg: {
    DEFAULT: ref('gray', 'black', '50'),
    muted: ref('gray', '600', '400'),
    subtle: ref('gray', '400', '500'),
    inverted: ref('gray', '50', 'black'),
    // red.500 on white is 3.8:1; field errors are small text and need 4.5:1.
    error: ref('red', '600', '400'),
    warning: ref('orange', '600', '300'),
    success: ref('green', '600', '300'),
  },
  border: {
    DEFAULT: ref('gray', '200', '800'),
    muted: ref('gray', '100', '900'),
    subtle: ref('gray', '50', '950'),
    emphasized: ref('gray', '300', '700'),
    inverted: ref('gray', '800', '200'),
    ...status('500', '400'),
  },
  gray: {
    contrast: ref('gray', 'white', 'black'),
    fg: ref('gray', '800', '200'),
    subtle: ref('gray', '100', '900'),
    muted: ref('gray', '200', '800'),
    emphasized: ref('gray', '300', '700'),
    solid: ref('gray', '900', 'white'),
    focusRing: ref('gray', '400', '400'),
    border: ref('gray', '200', '800'),
  },
  red: palette('red'),
  orange: palette('orange', 'black', '500'),
  green: palette('green'),
  teal: palette('teal'),
};

/** An indicator line along one edge (Chakra's default layer styles; the tabs recipe uses bottom and end). */
function indicator(edge: Record<string, string>) {
  return {
    value: {
      position: 'relative',
      '--indicator-color-fallback': 'colors.colorPalette.solid',
      _before: {
        content: '""',
        position: 'absolute',
        ...edge,
        background: 'var(--indicator-color, var(--indicator-color-fallback))',
      },
    },
  };
}

// The layer styles the recipes in use refer to (disabled: button, input, menu, native select; tabs).
const layerStyles = {
  'indicator.bottom': indicator({
    bottom: 'var(--indicator-offset-y, 0)',
    insetInline: 'var(--indicator-offset-x, 0)',
    height: 'var(--indicator-thickness, 2px)',
  }),
  'indicator.end': indicator({
    insetInlineEnd: 'var(--indicator-offset-x, 0)',
    insetBlock: 'var(--indicator-offset-y, 0)',
    width: 'var(--indicator-thickness, 2px)',
  }),
  disabled: { value: { opacity: '0.5', cursor: 'not-allowed' } },
};

// Chakra's solid hover is the fill at 90 % opacity, which over a light page lightens it below 4.5:1 with
// white text (#00796B → #19867A, 4.4:1): hover darkens the fill instead.
const darkerSolid = 'color-mix(in srgb, var(--chakra-colors-color-palette-solid) 85%, black)';
const variants = buttonRecipe.variants as NonNullable<typeof buttonRecipe.variants>;
type Sizes = Record<string, Record<string, unknown>>;

/**
 * One height for the controls of a form, and touch targets on a phone. Below `md` every button is at least
 * 44×44 px (WCAG 2.5.5's size; a 32 px icon button too) and a text input 44 px tall, so the show-password
 * toggle fits inside it; from `md` up, form actions are 40 px whatever size a screen asked for (sm and xs
 * buttons grow to md's 40 px), inputs keep their size.
 */
const buttonSizes = Object.fromEntries(
  Object.entries(variants.size as Sizes).map(([name, style]): [string, unknown] => {
    const desktop = name === 'sm' || name === 'xs' ? '10' : 'auto';
    return [name, { ...style, minH: { base: '11', md: desktop }, minW: { base: '11', md: style.minW } }];
  }),
) as typeof variants.size;
const inputVariants = inputRecipe.variants as NonNullable<typeof inputRecipe.variants>;
const input = defineRecipe({
  ...inputRecipe,
  variants: {
    ...inputVariants,
    size: {
      ...inputVariants.size,
      md: { ...inputVariants.size?.md, '--input-height': { base: 'sizes.11', md: 'sizes.10' } },
    },
  },
});

/**
 * A disabled button (not a busy one, which keeps its colours under its spinner). Chakra halves its opacity:
 * white on #00796B at half strength is 2.1:1 on a white page and near-black on near-black on the dark one.
 * Instead its label takes the muted text colour (6:1 on its fill in either mode) and a solid one a neutral
 * fill, which reads as "not now" without the brand colour.
 */
const idle = '&:disabled:not([data-loading])';

const button = defineRecipe({
  ...buttonRecipe,
  base: {
    ...buttonRecipe.base,
    fontWeight: 'bold',
    colorPalette: 'teal',
    [idle]: { opacity: 1, color: 'fg.muted' },
  },
  variants: {
    ...variants,
    size: buttonSizes,
    variant: {
      ...variants.variant,
      solid: {
        ...variants.variant?.solid,
        _hover: { bg: darkerSolid },
        _expanded: { bg: darkerSolid },
        [idle]: { bg: 'bg.emphasized', borderColor: 'border.emphasized' },
      },
      outline: { ...variants.variant?.outline, [idle]: { borderColor: 'border.emphasized' } },
    },
  },
});

/**
 * The global styles (reset, global CSS, keyframes) only feed the CSS Chakra inserts on start. A build
 * writes that CSS into a stylesheet instead (chakraStaticCss in vite.config.ts, which sets
 * CHAKRA_STATIC_CSS), so the bundled system leaves them out; dev and the UI tests insert them at run time.
 * A function, so the bundle drops them: an object literal spreading `globalCss` would stay (a spread may run
 * getters), and with it Chakra's global-css module.
 */
const globalStyles = (): SystemConfig => ({
  preflight: true,
  globalCss: {
    ...globalCss,
    html: { ...globalCss.html, colorPalette: 'teal' },
    // Lucide draws 24 px icons; in this (base) layer, so the recipes' own icon sizes still win.
    'svg.lucide': { width: '1em', height: '1em', flexShrink: 0 },
  },
  theme: { keyframes },
});

const config = defineConfig({
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  theme: {
    breakpoints,
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
        // The spec's colours mark what carries no text: focus rings, active indicators, the spinner,
        // borders, status dots beside their text (WCAG AA asks 3:1 of those; #009688 gives 3.7:1 on white,
        // 5.4:1 on the dark page). Fills carry white text, which needs 4.5:1: #009688 gives 3.7:1, #E53E3E
        // 4.0:1 and #48BB78 2.5:1, so fills use a darker shade of each (teal: MAIN_AA_SHADE above).
        // The README's 'Theme' section keeps the mapping.
        teal: {
          ...semanticColors.teal,
          solid: { value: { _light: MAIN_AA_SHADE, _dark: MAIN_AA_SHADE } },
          fg: { value: { _light: MAIN_AA_SHADE, _dark: '{colors.teal.300}' } },
          focusRing: { value: { _light: '{colors.ui.main}', _dark: '{colors.ui.main}' } },
        },
        red: {
          ...semanticColors.red,
          solid: { value: { _light: '#C53030', _dark: '#C53030' } },
          focusRing: { value: { _light: '{colors.ui.danger}', _dark: '{colors.ui.danger}' } },
        },
        green: {
          ...semanticColors.green,
          solid: { value: { _light: '#22543D', _dark: '#22543D' } },
          focusRing: { value: { _light: '{colors.ui.success}', _dark: '{colors.ui.success}' } },
        },
      },
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button,
      heading: headingRecipe,
      input,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    // The recipes no public screen renders (badge, separator, skeleton) and the heavier slot recipes
    // (dialog, menu, table, tabs, …) are passed with the `recipe` prop from src/ui/recipes.ts by the
    // components that use them, so they load with those routes only.
    slotRecipes: {
      field: fieldSlotRecipe,
    },
  },
});

let system: ReturnType<typeof createSystem> | undefined;

/**
 * The system, created on first use rather than when the module loads: src/main.tsx creates it in a
 * task of its own, so start-up has no single long task (Lighthouse counts those as blocking time).
 */
export function getSystem() {
  system ??= import.meta.env.CHAKRA_STATIC_CSS
    ? createSystem(defaultBaseConfig, config)
    : createSystem(defaultBaseConfig, config, globalStyles());
  return system;
}
