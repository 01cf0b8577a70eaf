import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { importWithRetry } from '../../../lib/import-with-retry.ts';

/**
 * The Analytics tab, downloaded when first opened: the chart library (recharts) is in its chunk only,
 * so no other page (nor the rest of the admin panel) grows by it.
 */
export function AnalyticsTabLoader() {
  // One per mount: React keeps a lazy component whose load failed failed for good.
  const [AnalyticsTab] = useState(() => lazy(() => importWithRetry(() => import('./analytics-tab.tsx'))));
  return (
    <Suspense
      fallback={
        <div role="status" className="flex items-center gap-2 text-ink-muted">
          <Spinner /> Loading analytics...
        </div>
      }
    >
      <AnalyticsTab />
    </Suspense>
  );
}
