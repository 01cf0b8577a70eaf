/**
 * Registers the service worker (src/service-worker/sw.ts, served at /sw.js) and offers its updates.
 *
 * A deploy's new worker installs in the background and waits, so an open tab keeps running the build it
 * started with (its files stay served for a week: decision 018). The page then shows the one "new
 * version" banner (components/new-version-banner.tsx); Reload asks the waiting worker to take over and
 * reloads this tab once it has.
 */
import { newVersionNotice } from './new-version-notice.ts';
import { SKIP_WAITING_MESSAGE } from './service-worker-messages.ts';

/** How often a tab left open looks for a newer worker (browsers look by themselves only on navigations). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;
/** If the waiting worker never takes over (another tab removed it), Reload still reloads. */
const TAKE_OVER_TIMEOUT_MS = 4000;

let waitingWorker: ServiceWorker | null = null;

function offer(worker: ServiceWorker) {
  waitingWorker = worker;
  newVersionNotice.announce();
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  const container = navigator.serviceWorker;
  // Without a controller this is the first worker: nothing older runs, nothing to offer.
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
  let lastCheck = Date.now();
  const check = () => {
    if (Date.now() - lastCheck < UPDATE_CHECK_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => {});
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** After the page has loaded, so that the worker's downloads do not compete with the page's own. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then(watchForUpdates)
      .catch((error: unknown) => console.warn('The service worker was not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The banner's Reload: the waiting worker takes over first, then this tab reloads once into the new
 * build. Without a waiting worker (a deploy noticed by a failed download), a plain reload.
 */
export function reloadIntoNewVersion(): void {
  const worker = waitingWorker;
  if (!worker || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    window.location.reload();
    return;
  }
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  setTimeout(reload, TAKE_OVER_TIMEOUT_MS);
  worker.postMessage(SKIP_WAITING_MESSAGE);
}
