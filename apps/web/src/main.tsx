// First: before anything that could bring zod (lazily loaded parts do), so that it never tries eval.
import './lib/zod-without-eval.ts';
import '@fontsource-variable/fraunces';
import '@fontsource-variable/inter';
import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { takePageBoot } from './app/page-boot.ts';
import { preloadPage, preloadPageParts } from './app/router.tsx';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { hydrateWithPageClock } from './lib/page-clock.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { rememberTimeZone } from './lib/time-zone-cookie.ts';

// Before anything is awaited: Chrome fires beforeinstallprompt once, soon after the page loads.
captureInstallPrompt();
rememberTimeZone();
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
const boot = takePageBoot();
// The opened page's module first (the server already preloads it with the HTML), so that the first
// render draws the page itself rather than a loading state in its place.
await preloadPage(window.location.pathname);
const isPrerendered = root.hasAttribute('data-prerendered');
// And the code of the parts the server drew in it (a tab's panel): hydrated with the page, never after.
if (isPrerendered) await preloadPageParts(boot?.parts ?? []);
// Its first render measures "5 minutes ago" from when the server drew it, as the server did.
if (isPrerendered) hydrateWithPageClock(boot?.drawnAt);
const app = (
  <StrictMode>
    <App boot={boot} />
  </StrictMode>
);
// Either way as a transition: the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (a click meanwhile hydrates what it needs first).
if (isPrerendered) {
  // The server drew this page with the same boot data: React takes over its elements rather than
  // replacing them. Where they differ after all (a date in another time zone) React draws that part
  // again, which is not worth an error in the console.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('Part of the prerendered page was drawn again', error),
    });
  });
} else {
  // index.html shows the loading state meanwhile.
  startTransition(() => createRoot(root).render(app));
}
// Production builds only: the worker serves the build's files, which the development server has not.
registerServiceWorker();
