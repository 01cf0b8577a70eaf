/**
 * Whether a new version is out: a new build's service worker waits (lib/service-worker.ts), or a piece
 * the page can do without (the toaster) failed to download because of a deploy. The banner
 * (components/new-version-banner.tsx) then offers a reload. A page that cannot load says so in its own
 * place instead (components/chunk-load-failure.tsx).
 */
let announced = false;
const listeners = new Set<() => void>();

export const newVersionNotice = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => announced,
  announce() {
    if (announced) return;
    announced = true;
    for (const listener of listeners) listener();
  },
};
