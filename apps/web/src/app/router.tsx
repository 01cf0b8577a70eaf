import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, matchPath, Route, Routes, StaticRouter } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { importWithRetry } from '../lib/import-with-retry.ts';
import { hydratedWithPageClock } from '../lib/page-clock.ts';
import { preloadPageFiles } from './page-files.ts';
import { PAGE_ROUTES } from './page-routes.ts';
import { RootLayout } from './root-layout.tsx';

type RouteModule = { Component: ComponentType };

/** Every route module, each its own chunk, fetched the first time its page is shown. */
const ROUTE_MODULES = import.meta.glob<RouteModule>('./routes/*.tsx');

interface Page {
  path: string;
  /** Fetches the module (importWithRetry): one download at a time, and a new one after a failure. */
  load: () => Promise<ComponentType>;
  /** The download under way or done. */
  loading?: Promise<ComponentType> | undefined;
  /** Set once the module has arrived: later visits render it without a Suspense round. */
  Loaded?: ComponentType;
}

const PAGES: Page[] = PAGE_ROUTES.map(({ path, module }) => {
  const importModule = ROUTE_MODULES[`./routes/${module}.tsx`];
  if (!importModule) throw new Error(`The route module ${module} is missing`);
  const page: Page = {
    path,
    load: () => {
      page.loading ??= importWithRetry(importModule).then(
        (loaded) => {
          page.Loaded = loaded.Component;
          return loaded.Component;
        },
        (error: unknown) => {
          page.loading = undefined;
          throw error;
        },
      );
      return page.loading;
    },
  };
  return page;
});

// A new one for each try: React keeps a lazy component whose load failed failed for good. A page opened
// by moving to it asks for all its files at once (page-files.ts); the first page's came with its HTML.
const lazyPage = (page: Page) =>
  lazy(() => {
    preloadPageFiles(page.path);
    return page.load().then((Component) => ({ default: Component }));
  });

/**
 * Loads the code of the lazy parts a prerendered page was drawn with (PageBoot.parts) before it is
 * hydrated (components/lazy-part.tsx). Imported only then: the page's own module has it already, and the
 * pages drawn without any part keep it out of their first load. Failing, the parts load when drawn.
 */
export async function preloadPageParts(parts: readonly string[]): Promise<void> {
  if (parts.length === 0) return;
  const lazyParts = await import('../components/lazy-part.tsx').catch(() => null);
  await lazyParts?.preloadDrawnParts(parts);
}

declare global {
  interface Window {
    /** Set by a prerendered page's loader (apps/server pages/page-html.ts): see PageHydrated. */
    __lunaraHydrated?: () => void;
  }
}

/**
 * Draws nothing. On a prerendered page its effect runs once the page's own part is hydrated (the
 * page's Suspense boundary hydrates after the app's shell), and tells the page's loader, which presses
 * again a button she pressed before React could answer it, and stops keeping presses; and from then on
 * times are measured from the browser's clock, not the server's drawing (lib/page-clock.ts). Elsewhere
 * (and after the first time) it does nothing.
 */
function PageHydrated() {
  useEffect(() => {
    hydratedWithPageClock();
    window.__lunaraHydrated?.();
  }, []);
  return null;
}

/**
 * A page: drawn at once when its module is already here (always so for the page the app opens on: see
 * main.tsx), so that the first render replaces the server's HTML with the same page, never with a
 * loading state. The choice is kept for the life of the element so the page is never remounted, unless
 * its module failed to download and "Try again" fetches it again.
 */
function RoutePage({ page }: { page: Page }) {
  const [Page, setPage] = useState(() => page.Loaded ?? lazyPage(page));
  return (
    <RouteErrorBoundary onRetry={() => setPage(() => page.Loaded ?? lazyPage(page))}>
      <Suspense fallback={<FullPageLoader />}>
        <Page />
        <PageHydrated />
      </Suspense>
    </RouteErrorBoundary>
  );
}

// Keyed: every route's element sits in the same place (the layout's Outlet), and without its own key
// React would keep the previous page's RoutePage, state and all, for the next one.
const ELEMENTS = PAGES.map((page) => ({ path: page.path, element: <RoutePage key={page.path} page={page} /> }));

/**
 * Fetches the module of the address being opened; the app renders once it is here (main.tsx). A failed
 * fetch is not an error here: the page's lazy load tries again and its error boundary shows a failure.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const match = PAGES.find(({ path }) => path !== '*' && matchPath(path, pathname)) ?? PAGES.at(-1);
  await match?.load().catch(() => {});
}

/**
 * The spec's route table (page-routes.ts). Every page is loaded lazily so the landing page stays small; declarative
 * routes (no data router: nothing here uses loaders or actions) keep react-router's share of the
 * first load small too (`npm run bench` measures it).
 */
export function AppRoutes({ location }: { location?: string | undefined }) {
  const routes = (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RootLayout />}>
          {ELEMENTS.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
  // The server renders one address (entry-server.tsx); the browser follows its history. The browser's
  // build leaves StaticRouter out (`import.meta.env.SSR` is false there).
  return location === undefined || !import.meta.env.SSR ? (
    <BrowserRouter>{routes}</BrowserRouter>
  ) : (
    <StaticRouter location={location}>{routes}</StaticRouter>
  );
}
