import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { paths } from '../config/paths.ts';
import { RootLayout } from './root-layout.tsx';

type PageModule = () => Promise<{ Component: ComponentType }>;

/** A route module (it exports `Component`), fetched the first time its page is shown. */
function page(load: PageModule) {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

const PAGES: Array<{ path: string; load: PageModule }> = [
  { path: paths.home.path, load: () => import('./routes/landing.tsx') },
  { path: paths.auth.path, load: () => import('./routes/auth.tsx') },
  { path: paths.resetPassword.path, load: () => import('./routes/reset-password.tsx') },
  { path: paths.dashboard.path, load: () => import('./routes/dashboard.tsx') },
  { path: paths.courses.path, load: () => import('./routes/courses.tsx') },
  { path: paths.course.path, load: () => import('./routes/course.tsx') },
  { path: paths.community.path, load: () => import('./routes/community.tsx') },
  { path: paths.rituals.path, load: () => import('./routes/rituals.tsx') },
  { path: paths.admin.path, load: () => import('./routes/admin.tsx') },
  { path: paths.testCheckout.path, load: () => import('./routes/test-checkout.tsx') },
  { path: paths.testPortal.path, load: () => import('./routes/test-portal.tsx') },
  { path: '*', load: () => import('./routes/not-found.tsx') },
];

const ELEMENTS = PAGES.map(({ path, load }) => ({ path, element: page(load) }));

/**
 * Starts fetching the page of the address being opened at once, while the session loads, rather than
 * after it (the app shows "Loading..." until the session is known, and only then renders the page).
 */
export function preloadPage(pathname: string): void {
  const match = PAGES.find(({ path }) => path !== '*' && matchPath(path, pathname)) ?? PAGES.at(-1);
  // A failed fetch is shown by the route's error boundary when the page renders.
  match?.load().catch(() => {});
}

/**
 * The spec's route table. Every page is loaded lazily so the landing page stays small; declarative
 * routes (no data router: nothing here uses loaders or actions) keep react-router's share of the
 * first load small too (`npm run bench` measures it).
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            {ELEMENTS.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
