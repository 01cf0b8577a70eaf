import * as shared from '@lunara/shared/theme';
import { describe, expect, it } from 'vitest';
import * as web from './theme-choices.ts';

describe("the browser's copy of the theme's constants", () => {
  it('equals @lunara/shared/theme, which the server reads and writes them by', () => {
    expect(web.THEME_CHOICES).toEqual(shared.THEME_CHOICES);
    expect(web.THEME_LABELS).toEqual(shared.THEME_LABELS);
    expect(web.THEME_COOKIE).toBe(shared.THEME_COOKIE);
    expect(web.THEME_COOKIE_MAX_AGE_SECONDS).toBe(shared.THEME_COOKIE_MAX_AGE_SECONDS);
    expect(web.THEME_COLORS).toEqual(shared.THEME_COLORS);
  });

  it('parses a value as the shared parser does', () => {
    for (const value of ['system', 'light', 'dark', 'purple', '', null, undefined, 3, 'Dark']) {
      expect(web.parseThemeChoice(value)).toBe(shared.parseThemeChoice(value));
    }
  });
});
