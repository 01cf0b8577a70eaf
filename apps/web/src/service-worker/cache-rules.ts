/**
 * Which requests the service worker answers, and how. Pure, so that it is tested without a worker.
 *
 * - `page`: a navigation. Always from the network (a member's pages carry her own data and are never
 *   stored); the offline page only when the network fails.
 * - `asset`: a fingerprinted file under /assets. Its name changes with its contents, so a stored copy is
 *   good for ever: cache first.
 * - `shell`: one of the unhashed files the worker stored at install (the offline page, the icons). They
 *   belong to this worker's build: cache first.
 * - `network`: everything else, left to the browser as if there were no worker. That is every non-GET,
 *   another origin, the API (auth included), stored media, calendar feeds and the build's own
 *   bookkeeping (build.json, sw.js, the manifest).
 */
export type CacheStrategy = 'page' | 'asset' | 'shell' | 'network';

/** Never stored, never answered by the worker, navigations to them included. */
const NEVER_CACHED = ['/api', '/media', '/calendar', '/dev'];

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
  headers: { has(name: string): boolean };
}

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function chooseStrategy(request: RequestLike, origin: string, shell: ReadonlySet<string>): CacheStrategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (NEVER_CACHED.some((prefix) => isUnder(url.pathname, prefix))) return 'network';
  if (request.mode === 'navigate') return 'page';
  // A range request (a seek in a media file) wants part of a file: the cache stores whole answers.
  if (request.headers.has('range')) return 'network';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (shell.has(url.pathname) && url.search === '') return 'shell';
  return 'network';
}

/** The worker's caches, named by its build: activating a build deletes every other build's. */
export function cacheNamesOf(build: string) {
  return { shell: `lunara-shell-${build}`, assets: `lunara-assets-${build}` };
}

export const isOwnCache = (name: string) => name.startsWith('lunara-');
