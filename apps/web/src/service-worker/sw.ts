/// <reference lib="webworker" />
/**
 * The service worker, served at /sw.js (built by apps/web/vite-service-worker.ts, which fills in the
 * build id and the files to store at install). It makes the app start without the network for the
 * shell, says "You're offline" instead of a browser error, and receives push notifications.
 *
 * Updates: a new build's worker installs beside the running one and waits; the page shows "A new version
 * is ready" (lib/service-worker.ts) and only when she chooses Reload does the page ask it to take over.
 * A tab is never switched to another build's worker under its feet by a deploy.
 */
import { isSkipWaitingMessage } from '../lib/service-worker-messages.ts';
import { cacheNamesOf, chooseStrategy, isOwnCache } from './cache-rules.ts';
import { registerPushHandlers } from './push-handlers.ts';

declare const self: ServiceWorkerGlobalScope;
/** Filled in by the build. */
declare const __LUNARA_BUILD__: string;
declare const __LUNARA_PRECACHE__: string[];

const BUILD = __LUNARA_BUILD__;
const PRECACHE = __LUNARA_PRECACHE__;
const SHELL = new Set(PRECACHE);
const CACHES = cacheNamesOf(BUILD);
const OFFLINE_PAGE = '/offline.html';

registerPushHandlers(self);

self.addEventListener('install', (event) => {
  // `reload`: straight from the server, not an older copy from the HTTP cache.
  event.waitUntil(
    caches
      .open(CACHES.shell)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const current = new Set(Object.values(CACHES));
      await Promise.all(
        names.filter((name) => isOwnCache(name) && !current.has(name)).map((name) => caches.delete(name)),
      );
      // The page's request starts while the worker wakes up, instead of after.
      await self.registration.navigationPreload?.enable();
      // The first worker takes the open tabs at once (they had none). A later one activates only after
      // she chose Reload or every tab closed, so claiming then switches no tab that did not ask.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const strategy = chooseStrategy(event.request, self.location.origin, SHELL);
  if (strategy === 'network') return;
  if (strategy === 'page') event.respondWith(openPage(event));
  else event.respondWith(fromCacheFirst(event.request, strategy === 'asset' ? CACHES.assets : CACHES.shell));
});

/** The network's answer, whatever its status; the offline page only when there is no answer at all. */
async function openPage(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE, { cacheName: CACHES.shell })) ?? Response.error();
  }
}

async function fromCacheFirst(request: Request, cacheName: string): Promise<Response> {
  // Any build's cache: a tab of the previous build may still ask for its own files.
  const stored = await caches.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  // Only a whole, successful answer of this origin is kept (not a 404 of a removed build's file).
  if (response.ok && response.status === 200 && response.type === 'basic') {
    const copy = response.clone();
    void caches.open(cacheName).then((cache) => cache.put(request, copy));
  }
  return response;
}
