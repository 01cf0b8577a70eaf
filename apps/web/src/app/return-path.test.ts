import { describe, expect, it } from 'vitest';
import { authHrefReturningTo, safeReturnPath } from './return-path.ts';

describe('the page to return to after sign-in', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/community/post/abc?x=1#c2')).toBe('/community/post/abc?x=1#c2');
    expect(safeReturnPath('/settings')).toBe('/settings');
    expect(safeReturnPath('/authors')).toBe('/authors');
  });
  it('refuses other hosts, backslashes, controls, /auth itself and nonsense', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\tevil',
      '/ x',
      'javascript:alert(1)',
      '/auth',
      '/auth?next=/x',
      '/auth/',
      '/auth#x',
      'community',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
  it('builds the /auth link with the page encoded, and plain /auth otherwise', () => {
    expect(authHrefReturningTo('/community/post/abc?x=1')).toBe('/auth?next=%2Fcommunity%2Fpost%2Fabc%3Fx%3D1');
    expect(authHrefReturningTo('/')).toBe('/auth');
    expect(authHrefReturningTo('//evil.example')).toBe('/auth');
  });
});
