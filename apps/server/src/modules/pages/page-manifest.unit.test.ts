import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPageManifest, matchesRoute } from './page-manifest.ts';

describe('route patterns', () => {
  it('match as the web router matches them', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/dashboard', '/dashboard')).toBe(true);
    expect(matchesRoute('/dashboard', '/Dashboard/')).toBe(true);
    expect(matchesRoute('/dashboard', '/dashboard//')).toBe(true);
    expect(matchesRoute('/', '//')).toBe(true);
    expect(matchesRoute('/course/:courseId', '/course/12')).toBe(true);
    expect(matchesRoute('*', '/anything/at/all')).toBe(true);
  });

  it('do not match other addresses', () => {
    expect(matchesRoute('/', '/dashboard')).toBe(false);
    expect(matchesRoute('/dashboard', '/dashboard/more')).toBe(false);
    expect(matchesRoute('/course/:courseId', '/course')).toBe(false);
    expect(matchesRoute('/courses', '/course')).toBe(false);
    // react-router matches these with the catch-all only: the server must not call them a page.
    expect(matchesRoute('/community', '//community')).toBe(false);
    expect(matchesRoute('/course/:courseId', '/course//12')).toBe(false);
  });
});

describe('page status', () => {
  it('is 404 for an address only the catch-all matches, and 200 for everything when the build has no manifest', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-manifest-'));
    try {
      expect(loadPageManifest(dir)('/no/such/page').status).toBe(200);
      fs.writeFileSync(
        path.join(dir, 'pages.json'),
        JSON.stringify([
          { path: '/course/:courseId', files: ['/assets/course.js'], prerender: null },
          { path: '*', files: ['/assets/not-found.js'], prerender: null },
        ]),
      );
      const pageOf = loadPageManifest(dir);
      expect(pageOf('/course/7')).toMatchObject({ status: 200, files: ['/assets/course.js'] });
      expect(pageOf('/course/7/more')).toMatchObject({ status: 404, files: ['/assets/not-found.js'] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
