import { formatPrice } from '@lunara/shared/money';
import { Check } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useTestBillingAction } from '../../features/billing/api/test-billing-actions.ts';
import { TestModeBanner } from '../../features/billing/components/test-mode-banner.tsx';
import { toast } from '../../lib/toast.ts';
import { RequireUser } from '../guards.tsx';

function TestCheckout() {
  const { productName, priceCents } = useAppConfig();
  const complete = useTestBillingAction('complete');
  const navigate = useNavigate();
  return (
    <AuthLayout title="Test checkout" description={`${productName} membership, billed monthly. Cancel anytime.`}>
      <div className="flex flex-col gap-5">
        <TestModeBanner />
        <div className="flex items-baseline justify-between rounded-[var(--radius-control)] bg-moon-100 p-4">
          <span className="font-medium">{productName} Membership</span>
          <span>
            <span className="font-display text-3xl text-night-900">{formatPrice(priceCents)}</span>
            <span className="text-ink-muted">/month</span>
          </span>
        </div>
        <ul className="flex flex-col gap-2 text-sm text-ink-muted">
          {['All five core courses', 'The Sacred Sisterhood community', 'Daily moon-aligned rituals'].map((item) => (
            <li key={item} className="flex items-center gap-2">
              <Check className="size-4 text-success" aria-hidden="true" /> {item}
            </li>
          ))}
        </ul>
        <Button
          variant="gold"
          size="lg"
          disabled={complete.isPending}
          onClick={() =>
            complete.mutate(undefined, {
              onSuccess: () => navigate(`${paths.dashboard.getHref()}?checkout=success`, { replace: true }),
              onError: (error) => toast.error('Checkout failed', { description: error.message }),
            })
          }
        >
          {complete.isPending ? 'Processing...' : 'Complete test payment'}
        </Button>
        <Link
          to={paths.home.getHref()}
          className="inline-flex items-center self-center text-sm text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          Cancel
        </Link>
      </div>
    </AuthLayout>
  );
}

export function Component() {
  return (
    <RequireUser>
      <TestCheckout />
    </RequireUser>
  );
}
