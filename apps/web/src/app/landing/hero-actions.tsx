import { Link } from 'react-router';
import { LocalDate } from '../../components/local-date.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { paths } from '../../config/paths.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { MembershipButton } from './membership-button.tsx';

/**
 * The hero's call to action (membership-button.tsx), the way in for visitors, and for a signed-in
 * member what she holds: "Active Member", "Admin Access" (an admin who does not pay) or "Free User".
 */
export function HeroActions() {
  const { user, isAdmin, isLoading, subscription, isPayingMember } = useMembership();
  const badge = isPayingMember ? 'Active Member' : isAdmin ? 'Admin Access' : 'Free User';

  return (
    <div className="flex flex-col items-start gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <MembershipButton variant="gold" />
        {!user && (
          <Link
            to={paths.auth.getHref()}
            className="inline-flex items-center text-moon-100 underline underline-offset-4 hover:text-gold-300 pointer-coarse:min-h-11"
          >
            I am a member - Log in
          </Link>
        )}
      </div>
      {user && !isLoading && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-moon-200">
          <Badge tone={badge === 'Free User' ? 'muted' : 'bright'}>{badge}</Badge>
          {isPayingMember && subscription.subscriptionEnd && (
            <span>
              {subscription.cancelAtPeriodEnd ? 'Membership ends' : 'Next billing date'}:{' '}
              <LocalDate date={subscription.subscriptionEnd} />
            </span>
          )}
          <Link to={paths.dashboard.getHref()} className="underline underline-offset-4 hover:text-gold-300">
            Go to your dashboard
          </Link>
          <SignOutButton variant="onDark" />
        </div>
      )}
    </div>
  );
}
