import { formatPrice } from '@lunara/shared/money';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useMembershipDetails } from '../../features/billing/api/billing-history.ts';
import { useStartCheckout } from '../../features/billing/api/start-checkout.ts';
import { BillingHistory } from '../../features/billing/components/billing-history.tsx';
import { MembershipPanel } from '../../features/billing/components/membership-panel.tsx';
import { TestModeBanner } from '../../features/billing/components/test-mode-banner.tsx';
import { RequireUser } from '../guards.tsx';

function TestPortal() {
  const { productName, priceCents } = useAppConfig();
  const details = useMembershipDetails();
  const checkout = useStartCheckout();

  return (
    <AuthLayout title="Test billing portal" description={`Manage your ${productName} membership.`}>
      <div className="flex flex-col gap-6">
        <TestModeBanner />
        {details.isPending ? (
          <Spinner className="size-6 text-gold-500" />
        ) : details.isError ? (
          <LoadError message="Could not load your membership" query={details} />
        ) : details.data.membership ? (
          <MembershipPanel details={details.data} productName={productName} />
        ) : (
          <>
            <p className="text-ink-muted">You have no active membership.</p>
            {/* Not a dead end: whoever arrives here without one (an admin, say) can take one. */}
            <Button variant="gold" disabled={checkout.isPending} onClick={() => checkout.mutate()}>
              {checkout.isPending ? 'Loading...' : `Subscribe - ${formatPrice(priceCents)}/month`}
            </Button>
          </>
        )}
        <BillingHistory />
        <Link to={paths.dashboard.getHref()} className={buttonClasses('link')}>
          Return to {productName}
        </Link>
      </div>
    </AuthLayout>
  );
}

export function Component() {
  return (
    <RequireUser>
      <TestPortal />
    </RequireUser>
  );
}
