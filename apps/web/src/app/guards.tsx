import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { paths } from '../config/paths.ts';
import { useMe } from '../features/auth/api/get-me.ts';
import { useMembership } from './hooks/use-membership.ts';

const toAuth = <Navigate to={paths.auth.getHref()} replace />;
const toDashboard = <Navigate to={paths.dashboard.getHref()} replace />;

/** Visitors are sent to /auth, replacing the history entry (spec section 6). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useMe();
  return user ? children : toAuth;
}

/**
 * A member who opens /auth signed in has no business there: on to the dashboard, replacing history.
 * Decided on arrival only: a sign-in or sign-up made on the page navigates by itself, with what the
 * dashboard should know (JUST_SIGNED_UP), and a redirect of its own here would race it and drop that.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useMe();
  const [arrivedSignedIn] = useState(user !== null);
  return arrivedSignedIn ? <Navigate to={paths.dashboard.getHref()} replace /> : children;
}

/**
 * The membership guards. `courses`: a paying subscriber (the admin exception is not applied);
 * `members`: a subscriber, an admin or a moderator (community, rituals). Shows nothing while the status loads.
 */
export function RequireMembership({ area, children }: { area: 'courses' | 'members'; children: ReactNode }) {
  const { user, isLoading, isPayingMember, hasMembersArea } = useMembership();
  if (!user) return toAuth;
  if (isLoading) return area === 'courses' ? <FullPageLoader /> : null;
  const allowed = area === 'courses' ? isPayingMember : hasMembersArea;
  return allowed ? children : toDashboard;
}

/** The admin panel: visitors to /auth, everyone else but admins to /dashboard. */
export function RequireAdmin({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const { user, isAdmin, isLoading } = useMembership();
  if (!user) return toAuth;
  if (isLoading) return loading;
  return isAdmin ? children : toDashboard;
}
