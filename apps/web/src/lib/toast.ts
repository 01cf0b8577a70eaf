import type { ExternalToast } from 'sonner';

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

function show(kind: Kind, message: Message, options?: ExternalToast) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([ready, import('sonner')]).then(([, { toast: sonner }]) => {
    if (kind === 'message') sonner(message, options);
    else sonner[kind](message, options);
  });
}

export const toast = Object.assign((message: Message, options?: ExternalToast) => show('message', message, options), {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
});
