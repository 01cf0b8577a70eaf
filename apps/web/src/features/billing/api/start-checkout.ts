import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { showBillingError } from './billing-error-toast.ts';
import { useFollowBillingRedirect } from './follow-billing-redirect.ts';

export const startCheckout = () => apiFetch<BillingRedirect>('/api/billing/checkout', { method: 'POST', body: {} });

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
