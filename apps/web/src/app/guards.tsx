import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { Redirect } from '../components/redirect.tsx';
import { paths } from '../config/paths.ts';
import { StaffTwoFactorPanel, useStaffNeedsTwoFactor } from '../features/account/components/staff-two-factor-gate.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { useMembership } from './hooks/use-membership.ts';
import { MemberPage } from './member-page.tsx';
import { authHrefReturningTo, RETURN_PARAM, safeReturnPath } from './return-path.ts';

/** To /auth, remembering the page she asked for (?next=...), where sign-in brings her back. */
function ToAuth() {
  const { pathname, search, hash } = useLocation();
  return <Redirect to={authHrefReturningTo(`${pathname}${search}${hash}`)} />;
}
const toAuth = <ToAuth />;
const toDashboard = <Redirect to={paths.dashboard.getHref()} />;

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
  const { search } = useLocation();
  const [arrivedSignedIn] = useState(user !== null);
  const next = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? paths.dashboard.getHref();
  return arrivedSignedIn ? <Redirect to={next} /> : children;
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
  const needsTwoFactor = useStaffNeedsTwoFactor();
  if (!user) return toAuth;
  if (isLoading) return loading;
  if (!isAdmin) return toDashboard;
  // Every admin page's requests would be refused (STAFF_TWO_FACTOR): say why and where to fix it instead.
  return needsTwoFactor ? (
    <MemberPage>
      <StaffTwoFactorPanel />
    </MemberPage>
  ) : (
    children
  );
}
