/**
 * Whether and how she can install the app from here (components/install-app-section.tsx).
 *
 * - Chrome on Android and desktop (Edge too) fire `beforeinstallprompt` once the site is installable:
 *   the event is kept, and "Install app" shows the browser's own dialog with it.
 * - Safari on iPhone and iPad has no such event: installing is Share, then "Add to Home Screen".
 * - Running installed already (standalone), or in a browser that cannot install: nothing to offer.
 */
export type InstallOption = 'prompt' | 'ios' | 'none';

/** Chromium's event (not in the DOM typings: it is not a standard). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone, iPod, and the iPad, which says it is a Mac but has a touch screen. */
const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

export const installPrompt = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get(): InstallOption {
    if (installed || isStandalone()) return 'none';
    if (deferred) return 'prompt';
    return isIos() ? 'ios' : 'none';
  },
  /** The server draws no install option: it depends on the browser. */
  getServerSnapshot: (): InstallOption => 'none',
};

/** From the start, before the browser fires the event (it fires once, soon after the page loads). */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for her "Install app" rather than Chrome's own bar over the page.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** The browser's install dialog; the event can be used once, whatever she answers. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = deferred;
  if (!event) return 'dismissed';
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
  return outcome;
}
