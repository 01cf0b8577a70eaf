import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths.ts';
import { RootLayout } from './root-layout.tsx';

/** Every route module is loaded lazily; the landing page stays small. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      children: [
        { path: paths.home.path, lazy: () => import('./routes/landing.tsx') },
        { path: paths.auth.path, lazy: () => import('./routes/auth.tsx') },
        { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password.tsx') },
        { path: paths.dashboard.path, lazy: () => import('./routes/dashboard.tsx') },
        { path: '*', lazy: () => import('./routes/not-found.tsx') },
      ],
    },
  ]);
}
