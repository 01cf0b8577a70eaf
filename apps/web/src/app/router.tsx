import { createBrowserRouter } from 'react-router';
import { RouteError } from '../components/route-error.tsx';
import { paths } from '../config/paths.ts';
import { RootLayout } from './root-layout.tsx';

/** The spec's route table. Every route module is loaded lazily; the landing page stays small. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: paths.home.path, lazy: () => import('./routes/landing.tsx') },
            { path: paths.auth.path, lazy: () => import('./routes/auth.tsx') },
            { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password.tsx') },
            { path: paths.dashboard.path, lazy: () => import('./routes/dashboard.tsx') },
            { path: paths.courses.path, lazy: () => import('./routes/courses.tsx') },
            { path: paths.course.path, lazy: () => import('./routes/course.tsx') },
            { path: paths.community.path, lazy: () => import('./routes/community.tsx') },
            { path: paths.rituals.path, lazy: () => import('./routes/rituals.tsx') },
            { path: paths.admin.path, lazy: () => import('./routes/admin.tsx') },
            { path: paths.testCheckout.path, lazy: () => import('./routes/test-checkout.tsx') },
            { path: paths.testPortal.path, lazy: () => import('./routes/test-portal.tsx') },
            { path: '*', lazy: () => import('./routes/not-found.tsx') },
          ],
        },
      ],
    },
  ]);
}
