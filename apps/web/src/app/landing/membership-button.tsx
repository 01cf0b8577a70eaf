import { formatPrice } from '@lunara/shared/money';
import { Link } from 'react-router';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useOpenPortal } from '../../features/billing/api/open-portal.ts';
import { useStartCheckout } from '../../features/billing/api/start-checkout.ts';
import { useMembership } from '../hooks/use-membership.ts';

/**
 * The landing page's call to action (spec section 2), the hero's and the pricing card's alike: a
 * visitor goes to Sign Up, a free member to checkout, a paying member to the portal, and
 * "Loading..." while the status loads. An admin without a membership is offered the subscription:
 * her admin access opens everything but the course pages, and the portal has nothing of hers to manage.
 */
export function MembershipButton({ variant, className }: { variant: ButtonVariant; className?: string }) {
  const { productName, priceCents } = useAppConfig();
  const { user, isAdmin, isLoading, isPayingMember } = useMembership();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const price = `${formatPrice(priceCents)}/month`;
  const joinLabel = `Join ${productName} for ${price}`;

  if (!user) {
    return (
      <Button asChild variant={variant} size="lg" className={className}>
        <Link to={paths.auth.getHref('signup')}>{joinLabel}</Link>
      </Button>
    );
  }
  if (isLoading) {
    return (
      <Button variant={variant} size="lg" className={className} disabled>
        Loading...
      </Button>
    );
  }
  if (isPayingMember) {
    return (
      <Button
        variant={variant}
        size="lg"
        className={className}
        disabled={portal.isPending}
        onClick={() => portal.mutate()}
      >
        {portal.isPending ? 'Loading...' : 'Manage Subscription'}
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      size="lg"
      className={className}
      disabled={checkout.isPending}
      onClick={() => checkout.mutate()}
    >
      {checkout.isPending ? 'Loading...' : isAdmin ? `Subscribe - ${price}` : joinLabel}
    </Button>
  );
}
