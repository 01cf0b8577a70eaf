import { type ComponentType, lazy, Suspense, useState } from 'react';
import { importWithRetry } from '../lib/import-with-retry.ts';
import { Spinner } from './ui/spinner.tsx';

/**
 * A part of a page (a tab, a dialog) whose code downloads the first time it is shown, not with the page:
 * what the page's first view does not draw stays out of its first load. A download that still fails after
 * importWithRetry's tries reaches the page's error boundary, which offers to try again.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  loadingLabel: string | null,
): ComponentType<Props> {
  // Once downloaded, later mounts draw it at once (a tab shown again never flashes its loading line).
  let loaded: ComponentType<Props> | undefined;
  function LazyPart(props: Props) {
    // Chosen once per mount, so the tree under it never changes (that would remount the part and lose its
    // state); a new lazy per mount until it has loaded, as React keeps a lazy whose load failed failed for good.
    const [Part] = useState<ComponentType<Props>>(
      () =>
        loaded ??
        lazy(() =>
          importWithRetry(load).then((Component) => {
            loaded = Component;
            return { default: Component };
          }),
        ),
    );
    const fallback =
      loadingLabel === null ? null : (
        <div role="status" className="flex items-center gap-2 text-ink-muted">
          <Spinner /> {loadingLabel}
        </div>
      );
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}
