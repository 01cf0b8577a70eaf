import { formatPrice } from '@lunara/shared/money';
import { Link } from 'react-router';
import { LocalDate } from '../../components/local-date.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useOpenPortal } from '../../features/billing/api/open-portal.ts';
import { useStartCheckout } from '../../features/billing/api/start-checkout.ts';
import { useMembership } from '../hooks/use-membership.ts';

/**
 * The hero button (spec section 2): "Join {product} for $55/month" (a visitor goes to /auth, a free
 * member to checkout), "Manage Subscription" for a member, "Loading..." while the status loads.
 */
export function HeroActions() {
  const { productName, priceCents } = useAppConfig();
  const { user, hasFullAccess, isLoading, subscription, isPayingMember } = useMembership();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const joinLabel = `Join ${productName} for ${formatPrice(priceCents)}/month`;

  let button: React.ReactNode;
  if (!user) {
    button = (
      <Button asChild variant="gold" size="lg">
        <Link to={paths.auth.getHref()}>{joinLabel}</Link>
      </Button>
    );
  } else if (isLoading) {
    button = (
      <Button variant="gold" size="lg" disabled>
        Loading...
      </Button>
    );
  } else if (hasFullAccess) {
    button = (
      <Button variant="gold" size="lg" disabled={portal.isPending} onClick={() => portal.mutate()}>
        {portal.isPending ? 'Loading...' : 'Manage Subscription'}
      </Button>
    );
  } else {
    button = (
      <Button variant="gold" size="lg" disabled={checkout.isPending} onClick={() => checkout.mutate()}>
        {checkout.isPending ? 'Loading...' : joinLabel}
      </Button>
    );
  }

  return (
    <div className="flex flex-col items-start gap-4">
      <div className="flex flex-wrap items-center gap-4">
        {button}
        {!user && (
          <Link to={paths.auth.getHref()} className="text-moon-100 underline underline-offset-4 hover:text-gold-300">
            I am a member - Log in
          </Link>
        )}
      </div>
      {user && !isLoading && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-moon-200">
          <Badge tone={hasFullAccess ? 'bright' : 'muted'}>{hasFullAccess ? 'Active Member' : 'Free User'}</Badge>
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
