import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useMe } from '../features/auth/api/get-me.ts';

/** Visitors are sent to /auth, replacing the history entry (spec section 6). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useMe();
  if (!user) return <Navigate to={paths.auth.getHref()} replace />;
  return children;
}

/** A signed-in member has no business on /auth: on to the dashboard, replacing history. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useMe();
  if (user) return <Navigate to={paths.dashboard.getHref()} replace />;
  return children;
}
