import type { ColorMode } from '../../machines/appearance';

/** What each colour mode is called, wherever one is chosen (the settings' Appearance, the QA viewer). */
export const COLOR_MODE_LABELS: Readonly<Record<ColorMode, string>> = {
  light: 'Light Mode',
  dark: 'Dark Mode',
  system: 'System',
};
