import type { ThemeChoice } from '@lunara/shared/theme';

/*
 * The theme's constants from @lunara/shared/theme, for the browser. That module also builds its request
 * schema with zod at import, so importing any value from it puts zod (about 25 kB gzip) into the first load
 * of every page: the header's theme menu and the page's own theme are on all of them. theme-choices.test.ts
 * keeps these equal to the shared ones; import only types from @lunara/shared/theme in the web app.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const satisfies readonly ThemeChoice[];
export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
export const THEME_COOKIE = 'lunara-theme';
export const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const THEME_COLORS = { light: '#fbf8f3', dark: '#131020' } as const;

/** A stored or sent value, or "system" when it is missing or not one of the choices (an old or forged cookie). */
export function parseThemeChoice(value: unknown): ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
}
