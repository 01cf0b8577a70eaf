import { formatPrice } from '@lunara/shared/money';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useStartCheckout } from '../../features/billing/api/start-checkout.ts';
import { useTestBillingAction } from '../../features/billing/api/test-billing-actions.ts';
import { CancelMembershipButton } from '../../features/billing/components/cancel-membership-button.tsx';
import { TestModeBanner } from '../../features/billing/components/test-mode-banner.tsx';
import { formatLongDate } from '../../lib/format-date.ts';
import { toast } from '../../lib/toast.ts';
import { RequireUser } from '../guards.tsx';
import { useMembership } from '../hooks/use-membership.ts';

function TestPortal() {
  const { productName, priceCents } = useAppConfig();
  const { subscription, isPayingMember, isLoading } = useMembership();
  const cancel = useTestBillingAction('cancel');
  const resume = useTestBillingAction('resume');
  const checkout = useStartCheckout();
  const onError = (error: Error) => toast.error('Portal access failed', { description: error.message });

  return (
    <AuthLayout title="Test billing portal" description={`Manage your ${productName} membership.`}>
      <div className="flex flex-col gap-5">
        <TestModeBanner />
        {isLoading ? (
          <Spinner className="size-6 text-gold-500" />
        ) : isPayingMember ? (
          <>
            <dl className="grid gap-3 rounded-[var(--radius-control)] bg-moon-100 p-4 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-muted">Plan</dt>
                <dd className="font-medium">
                  {productName} Membership · {formatPrice(priceCents)}/month
                </dd>
              </div>
              {subscription.subscriptionEnd && (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-muted">{subscription.cancelAtPeriodEnd ? 'Ends on' : 'Next billing date'}</dt>
                  <dd className="font-medium">{formatLongDate(subscription.subscriptionEnd)}</dd>
                </div>
              )}
            </dl>
            {subscription.cancelAtPeriodEnd ? (
              <>
                <p className="text-sm text-ink-muted">
                  Your membership is cancelled. You keep full access until the end of the period.
                </p>
                <Button disabled={resume.isPending} onClick={() => resume.mutate(undefined, { onError })}>
                  {resume.isPending ? 'Resuming...' : 'Resume subscription'}
                </Button>
              </>
            ) : (
              <CancelMembershipButton
                endsOn={subscription.subscriptionEnd}
                isPending={cancel.isPending}
                onConfirm={() => cancel.mutate(undefined, { onError })}
              />
            )}
          </>
        ) : (
          <>
            <p className="text-ink-muted">You have no active membership.</p>
            {/* Not a dead end: whoever arrives here without one (an admin, say) can take one. */}
            <Button variant="gold" disabled={checkout.isPending} onClick={() => checkout.mutate()}>
              {checkout.isPending ? 'Loading...' : `Subscribe - ${formatPrice(priceCents)}/month`}
            </Button>
          </>
        )}
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
