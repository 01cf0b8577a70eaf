import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { importWithRetry } from '../../lib/import-with-retry.ts';
import { toasterFailed, toasterRequested } from '../../lib/toast.ts';
import { OptionalBoundary } from '../optional-boundary.tsx';

/**
 * Mounts the toaster the first time a toast is asked for. A toaster that cannot be downloaded is left
 * out, not a crash of the page: the next toast asks for it again.
 */
export function ToastHost() {
  const requested = useSyncExternalStore(toasterRequested.subscribe, toasterRequested.get, () => false);
  return requested ? <LazyToaster /> : null;
}

function LazyToaster() {
  // One per mount: React keeps a lazy component whose load failed failed for good.
  const [Toaster] = useState(() => lazy(() => importWithRetry(() => import('./toaster.tsx'))));
  return (
    <OptionalBoundary onError={toasterFailed}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </OptionalBoundary>
  );
}
