import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { importWithRetry } from '../lib/import-with-retry.ts';
import { serverRender } from '../lib/server-render.ts';
import { Spinner } from './ui/spinner.tsx';

/**
 * A part of a page (a tab, a dialog) whose code downloads the first time it is shown, not with the page:
 * what the page's first view does not draw stays out of its first load. A download that still fails after
 * importWithRetry's tries reaches the page's error boundary, which offers to try again.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  /** A loading line with this label, nothing (null), or what to draw meanwhile from the part's props. */
  loading: string | null | ((props: Props) => ReactNode),
): ComponentType<Props> & { preload(): Promise<void> } {
  // Once downloaded, later mounts draw it at once (a tab shown again never flashes its loading line).
  let loaded: ComponentType<Props> | undefined;
  const download = () =>
    importWithRetry(load).then((Component) => {
      loaded = Component;
      return Component;
    });
  function LazyPart(props: Props) {
    // Chosen once per mount, so the tree under it never changes (that would remount the part and lose its
    // state); a new lazy per mount until it has loaded, as React keeps a lazy whose load failed failed for good.
    const [Part] = useState<ComponentType<Props>>(
      () => loaded ?? lazy(() => download().then((Component) => ({ default: Component }))),
    );
    // On the server, the page is drawn again once the part's code is here (entry-server.tsx).
    if (!loaded) serverRender()?.downloads?.push(download());
    const fallback =
      typeof loading === 'function' ? (
        loading(props)
      ) : loading === null ? null : (
        <div role="status" className="flex items-center gap-2 text-ink-muted">
          <Spinner /> {loading}
        </div>
      );
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  /** Downloads it ahead of its first showing, which then draws it at once. */
  LazyPart.preload = async () => {
    await download();
  };
  return LazyPart;
}
