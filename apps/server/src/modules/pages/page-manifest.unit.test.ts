import { describe, expect, it } from 'vitest';
import { matchesRoute } from './page-manifest.ts';

describe('route patterns', () => {
  it('match as the web router matches them', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/dashboard', '/dashboard')).toBe(true);
    expect(matchesRoute('/dashboard', '/Dashboard/')).toBe(true);
    expect(matchesRoute('/course/:courseId', '/course/12')).toBe(true);
    expect(matchesRoute('*', '/anything/at/all')).toBe(true);
  });

  it('do not match other addresses', () => {
    expect(matchesRoute('/', '/dashboard')).toBe(false);
    expect(matchesRoute('/dashboard', '/dashboard/more')).toBe(false);
    expect(matchesRoute('/course/:courseId', '/course')).toBe(false);
    expect(matchesRoute('/courses', '/course')).toBe(false);
  });
});
