import { THEME_COOKIE } from '@lunara/shared/theme';
import { describe, expect, it } from 'vitest';
import { effectiveTheme, readThemeCookie, themeCookie } from './theme.ts';

describe('the theme in the browser', () => {
  it("reads the choice from document.cookie among the other cookies, 'system' when absent or wrong", () => {
    expect(readThemeCookie(`a=1; ${THEME_COOKIE}=dark; b=2`)).toBe('dark');
    expect(readThemeCookie(`${THEME_COOKIE}=light`)).toBe('light');
    expect(readThemeCookie('a=1')).toBe('system');
    expect(readThemeCookie('')).toBe('system');
    expect(readThemeCookie(`${THEME_COOKIE}=purple`)).toBe('system');
    expect(readThemeCookie(`x${THEME_COOKIE}=dark`)).toBe('system');
  });

  it('keeps the choice for a year, on every path, Secure on https only', () => {
    expect(themeCookie('dark', false)).toBe(`${THEME_COOKIE}=dark; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(themeCookie('light', true)).toMatch(/; Secure$/);
  });

  it("draws 'system' as the device prefers, and a chosen theme whatever the device prefers", () => {
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('light', true)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
  });
});
