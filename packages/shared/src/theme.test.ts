import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveThemeChoice } from './theme.ts';

describe('the theme a page opens in', () => {
  it("is the member's saved choice first, whatever the cookie says", () => {
    expect(resolveThemeChoice({ member: 'dark', cookie: 'light' })).toBe('dark');
    expect(resolveThemeChoice({ member: 'system', cookie: 'dark' })).toBe('system');
  });

  it("is the browser's cookie for a visitor, and the device's setting without one", () => {
    expect(resolveThemeChoice({ cookie: 'light' })).toBe('light');
    expect(resolveThemeChoice({ member: null, cookie: 'dark' })).toBe('dark');
    expect(resolveThemeChoice({})).toBe('system');
    expect(resolveThemeChoice({ cookie: null })).toBe('system');
  });

  it('ignores a cookie that is none of the choices (old, forged or cut)', () => {
    for (const cookie of ['sepia', '', 'DARK', '"><script>', 'dark; Path=/'])
      expect(resolveThemeChoice({ cookie })).toBe('system');
    expect(parseThemeChoice(undefined)).toBe('system');
    expect(parseThemeChoice(42)).toBe('system');
  });
});
