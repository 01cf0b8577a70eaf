import { useSyncExternalStore } from 'react';
import { newVersionNotice } from '../lib/new-version-notice.ts';
import { Button } from './ui/button.tsx';

/** "A new version is available" with Reload, once a piece the page does without failed for that reason. */
export function NewVersionBanner() {
  const shown = useSyncExternalStore(newVersionNotice.subscribe, newVersionNotice.get, () => false);
  if (!shown) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-[var(--radius-card)] bg-night-900 py-3 pr-3 pl-5 text-moon-50 shadow-card ring-1 ring-gold-400/40"
    >
      <p className="text-sm font-medium">A new version is available</p>
      <Button variant="gold" size="sm" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
