import type { ExternalToast } from 'sonner';
import { importWithRetry } from './import-with-retry.ts';

/**
 * Toasts without sonner on the first load: the toaster and its library are fetched when the first toast
 * is shown (a visit that never shows one never downloads them). Same calls as sonner's `toast`.
 */
type Message = string;
type Kind = 'message' | 'success' | 'error';

let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** For the toaster host: whether a toast has been asked for yet. */
export const toasterRequested = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => requested,
};

/** Called by the toaster once it listens, so that no toast is sent before it can be shown. */
export const toasterReady = () => markReady();

function setRequested(value: boolean) {
  requested = value;
  for (const listener of listeners) listener();
}

/**
 * Called by the host when the toaster could not be downloaded: the next toast asks for it again, and the
 * toasts waiting meanwhile are shown once it is here.
 */
export const toasterFailed = () => setRequested(false);

function show(kind: Kind, message: Message, options?: ExternalToast) {
  if (!requested) setRequested(true);
  // The toaster has loaded sonner by the time it is ready: this import then costs no download.
  Promise.all([ready, importWithRetry(() => import('sonner'))]).then(
    ([, { toast: sonner }]) => {
      if (kind === 'message') sonner(message, options);
      else sonner[kind](message, options);
    },
    (error: unknown) => console.warn('A toast could not be shown', message, error),
  );
}

export const toast = Object.assign((message: Message, options?: ExternalToast) => show('message', message, options), {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
});
