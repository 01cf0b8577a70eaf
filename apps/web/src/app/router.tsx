import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { paths } from '../config/paths.ts';
import { RootLayout } from './root-layout.tsx';

/** A route module (it exports `Component`), fetched the first time its page is shown. */
function page(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

const LandingPage = page(() => import('./routes/landing.tsx'));
const AuthPage = page(() => import('./routes/auth.tsx'));
const ResetPasswordPage = page(() => import('./routes/reset-password.tsx'));
const DashboardPage = page(() => import('./routes/dashboard.tsx'));
const CoursesPage = page(() => import('./routes/courses.tsx'));
const CoursePage = page(() => import('./routes/course.tsx'));
const CommunityPage = page(() => import('./routes/community.tsx'));
const RitualsPage = page(() => import('./routes/rituals.tsx'));
const AdminPage = page(() => import('./routes/admin.tsx'));
const TestCheckoutPage = page(() => import('./routes/test-checkout.tsx'));
const TestPortalPage = page(() => import('./routes/test-portal.tsx'));
const NotFoundPage = page(() => import('./routes/not-found.tsx'));

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
            <Route path={paths.home.path} element={LandingPage} />
            <Route path={paths.auth.path} element={AuthPage} />
            <Route path={paths.resetPassword.path} element={ResetPasswordPage} />
            <Route path={paths.dashboard.path} element={DashboardPage} />
            <Route path={paths.courses.path} element={CoursesPage} />
            <Route path={paths.course.path} element={CoursePage} />
            <Route path={paths.community.path} element={CommunityPage} />
            <Route path={paths.rituals.path} element={RitualsPage} />
            <Route path={paths.admin.path} element={AdminPage} />
            <Route path={paths.testCheckout.path} element={TestCheckoutPage} />
            <Route path={paths.testPortal.path} element={TestPortalPage} />
            <Route path="*" element={NotFoundPage} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
