import type { z } from 'zod';
import type { themeBodySchema } from './theme-schemas.ts';

/**
 * Light and dark (issue 32). "system" (the default) follows the device's setting. The member's choice is
 * kept on her profile and, for every visitor, in a cookie the server reads to write `data-theme` into the
 * page before its first paint.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The cookie the choice is kept in (readable by the page: it is no secret, and the toggle writes it). */
export const THEME_COOKIE = 'lunara-theme';
/** A year: the choice outlives sessions. */
export const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The browser bar's colour (`<meta name="theme-color">`): the page's background in each theme. */
export const THEME_COLORS = { light: '#fbf8f3', dark: '#131020' } as const;

/** `PUT /api/account/theme` (its schema is in theme-schemas.ts: this module stays free of zod for every page). */
export type ThemeBody = z.infer<typeof themeBodySchema>;

/** A stored or sent value, or "system" when it is missing or not one of the choices (an old or forged cookie). */
export function parseThemeChoice(value: unknown): ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
}

/**
 * The theme a page opens in: the signed-in member's saved choice wins (it follows her to a new device),
 * then the cookie of this browser, then the device's own setting.
 */
export function resolveThemeChoice({
  member,
  cookie,
}: {
  member?: ThemeChoice | null | undefined;
  cookie?: string | null | undefined;
}): ThemeChoice {
  if (member) return member;
  return parseThemeChoice(cookie);
}
