import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterRequested } from '../../lib/toast.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

/** Mounts the toaster the first time a toast is asked for. */
export function ToastHost() {
  const requested = useSyncExternalStore(toasterRequested.subscribe, toasterRequested.get, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
