import { planPrice, trialLabel } from '@lunara/shared/plan-display';
import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useAppConfig } from '../../app-config/api/get-app-config.ts';
import { useStartCheckout } from '../../billing/api/start-checkout.ts';

/** "or $550/year" and "7-day free trial", as the owner configured them (nothing when both are off). */
export function PlanExtras({ className }: { className?: string }) {
  const { plans } = useAppConfig();
  const trial = trialLabel(plans.trialDays);
  if (plans.yearlyCents === null && !trial) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted', className)}>
      {plans.yearlyCents !== null && <span>or {planPrice(plans.yearlyCents, 'year')}</span>}
      {trial && (
        <span className="inline-flex items-center gap-1 font-medium text-rose-700">
          <Gift className="size-4" aria-hidden="true" /> {trial}
        </span>
      )}
    </p>
  );
}

/** The yearly plan's checkout button, when the owner offers one. */
export function YearlyCheckoutButton({
  variant = 'outline',
  size,
  className,
}: {
  variant?: ButtonVariant;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const { plans } = useAppConfig();
  const checkout = useStartCheckout();
  if (plans.yearlyCents === null) return null;
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      disabled={checkout.isPending}
      onClick={() => checkout.mutate({ plan: 'year' })}
    >
      {checkout.isPending ? 'Loading...' : `Choose yearly - ${planPrice(plans.yearlyCents, 'year')}`}
    </Button>
  );
}

/**
 * With Stripe the buttons go straight to Stripe's page: a member with a code chooses her plan and enters
 * it on our checkout first (test mode's checkout page has the field already).
 */
export function CouponCheckoutLink() {
  const { billingProvider } = useAppConfig();
  if (billingProvider !== 'stripe') return null;
  return (
    <Link
      to={paths.checkout.getHref()}
      className="self-start text-sm text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
    >
      Have a coupon code?
    </Link>
  );
}
