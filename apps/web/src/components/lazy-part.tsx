import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { importWithRetry } from '../lib/import-with-retry.ts';
import { serverRender } from '../lib/server-render.ts';
import { Spinner } from './ui/spinner.tsx';

type LazyPart<Props> = ComponentType<Props> & { preload(): Promise<void> };

// Every part by its module, for a prerendered page to load the code of the parts the server drew before
// it hydrates (preloadDrawnParts).
const parts = new Map<string, LazyPart<never>>();

/**
 * A part of a page (a tab, a dialog) whose code downloads the first time it is shown, not with the page:
 * what the page's first view does not draw stays out of its first load. A download that still fails after
 * importWithRetry's tries reaches the page's error boundary, which offers to try again.
 */
export function lazyPart<Props extends object>(
  /**
   * The part's module, as a path under src/ (`features/forums/components/forums-panel.tsx`): the server
   * names the parts it drew by it, and finds their files in the build's dist/parts.json. lazy-part.test.ts
   * checks that it is the module `load` imports.
   */
  module: string,
  load: () => Promise<ComponentType<Props>>,
  /** A loading line with this label, nothing (null), or what to draw meanwhile from the part's props. */
  loading: string | null | ((props: Props) => ReactNode),
): LazyPart<Props> {
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
    const render = serverRender();
    if (render) {
      // On the server, the page is drawn again once the part's code is here (entry-server.tsx), and the
      // browser is told which parts the page drew.
      if (!loaded) render.downloads?.push(download());
      render.parts?.add(module);
    }
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
  parts.set(module, LazyPart as LazyPart<never>);
  return LazyPart;
}

/**
 * Loads the code of the parts a prerendered page was drawn with (PageBoot.parts), before the page is
 * hydrated. A part whose code is still on its way when React hydrates stays the server's HTML meanwhile,
 * and an update reaching it then (a query settling, the page drawing again) makes React throw that HTML
 * away and draw the part's loading state in its place: a button she pressed in it is gone, with her
 * press. With the code here first, the whole page hydrates at once. A part's module is known once the
 * module that declares it has run (a tab's panel declares the dialogs it opens), hence the rounds; the
 * server preloads every file with the page, so each round costs no download of its own. A part whose code
 * fails to load is left to load when drawn, as before.
 */
export async function preloadDrawnParts(modules: readonly string[]): Promise<void> {
  const pending = new Set(modules);
  while (pending.size > 0) {
    const known = [...pending].filter((module) => parts.has(module));
    if (known.length === 0) return;
    for (const module of known) pending.delete(module);
    await Promise.all(
      known.map((module) =>
        parts
          .get(module)
          ?.preload()
          .catch(() => undefined),
      ),
    );
  }
}
