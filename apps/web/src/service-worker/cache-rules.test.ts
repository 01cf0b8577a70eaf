import { describe, expect, it } from 'vitest';
import { cacheNamesOf, chooseStrategy, isOwnCache } from './cache-rules.ts';

const ORIGIN = 'https://lunara.example';
const SHELL = new Set(['/offline.html', '/icons/icon-192.png']);

function request(pathOrUrl: string, init: { method?: string; mode?: string; range?: boolean } = {}) {
  return {
    method: init.method ?? 'GET',
    url: pathOrUrl.startsWith('http') ? pathOrUrl : `${ORIGIN}${pathOrUrl}`,
    mode: init.mode ?? 'cors',
    headers: { has: (name: string) => name === 'range' && Boolean(init.range) },
  };
}
const strategyOf = (...args: Parameters<typeof request>) => chooseStrategy(request(...args), ORIGIN, SHELL);

describe('chooseStrategy', () => {
  it('answers navigations from the network, with the offline page as the fallback', () => {
    expect(strategyOf('/dashboard', { mode: 'navigate' })).toBe('page');
    expect(strategyOf('/', { mode: 'navigate' })).toBe('page');
  });

  it('serves hashed assets cache first, and the stored shell files from the cache', () => {
    expect(strategyOf('/assets/index-abc123.js')).toBe('asset');
    expect(strategyOf('/icons/icon-192.png')).toBe('shell');
    expect(strategyOf('/offline.html')).toBe('shell');
  });

  it('never touches the API, auth, stored media, calendar feeds or the dev tools, navigations included', () => {
    for (const path of [
      '/api/feed',
      '/api/auth/get-session',
      '/media/abc.jpg',
      '/calendar/tok.ics',
      '/dev/mail',
      '/api',
    ]) {
      expect(strategyOf(path), path).toBe('network');
      expect(strategyOf(path, { mode: 'navigate' }), path).toBe('network');
    }
  });

  it('leaves every request that is not a GET to the network', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(strategyOf('/assets/index-abc123.js', { method }), method).toBe('network');
      expect(strategyOf('/dashboard', { method, mode: 'navigate' }), method).toBe('network');
    }
  });

  it('leaves other origins, range requests, unlisted files and bookkeeping to the network', () => {
    expect(strategyOf('https://cdn.example/assets/x.js')).toBe('network');
    expect(strategyOf('/assets/video-abc.mp4', { range: true })).toBe('network');
    expect(strategyOf('/build.json')).toBe('network');
    expect(strategyOf('/sw.js')).toBe('network');
    expect(strategyOf('/manifest.webmanifest')).toBe('network');
    expect(strategyOf('/offline.html?x=1')).toBe('network');
    // A path that only starts like a forbidden one is not under it.
    expect(strategyOf('/apiary', { mode: 'navigate' })).toBe('page');
  });
});

describe('cache names', () => {
  it('belong to one build, so activating another build removes them', () => {
    const names = Object.values(cacheNamesOf('build-1'));
    expect(names.every(isOwnCache)).toBe(true);
    expect(names.some((name) => Object.values(cacheNamesOf('build-2')).includes(name))).toBe(false);
    expect(isOwnCache('someone-elses-cache')).toBe(false);
  });
});
