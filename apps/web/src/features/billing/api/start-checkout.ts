import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import type { CheckoutBody } from '@lunara/shared/plans';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { showBillingError } from './billing-error-toast.ts';
import { useFollowBillingRedirect } from './follow-billing-redirect.ts';

/** The monthly plan unless she chose another (issue 33: plans, trials and coupons). */
// biome-ignore lint/suspicious/noConfusingVoidType: void lets `mutate()` be called without a plan (the monthly one).
export const startCheckout = (body: CheckoutBody | void) =>
  apiFetch<BillingRedirect>('/api/billing/checkout', { method: 'POST', body: body ?? {} });

/** create-checkout: Stripe's page opens in a new tab (spec), the test checkout in this one. */
export function useStartCheckout() {
  const follow = useFollowBillingRedirect();
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: follow,
    onError: (error) =>
      showBillingError(error, {
        action: 'subscribe',
        title: 'Checkout failed',
        description: 'Failed to create checkout session. Please try again.',
      }),
  });
}
