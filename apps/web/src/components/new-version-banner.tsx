import { useSyncExternalStore } from 'react';
import { newVersionNotice } from '../lib/new-version-notice.ts';
import { reloadIntoNewVersion } from '../lib/service-worker.ts';
import { Button } from './ui/button.tsx';

/**
 * "A new version is ready" with Reload: once a new build's service worker waits (lib/service-worker.ts),
 * or a piece the page does without failed to download because a new version is out.
 */
export function NewVersionBanner() {
  const shown = useSyncExternalStore(newVersionNotice.subscribe, newVersionNotice.get, () => false);
  if (!shown) return null;
  return (
    <div
      role="status"
      className="fixed right-[max(1rem,env(safe-area-inset-right))] bottom-[max(1rem,env(safe-area-inset-bottom))] left-[max(1rem,env(safe-area-inset-left))] z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-[var(--radius-card)] bg-night-900 py-3 pr-3 pl-5 text-moon-50 shadow-card ring-1 ring-gold-400/40"
    >
      <p className="text-sm font-medium">A new version is ready</p>
      <Button variant="gold" size="sm" onClick={reloadIntoNewVersion}>
        Reload
      </Button>
    </div>
  );
}
