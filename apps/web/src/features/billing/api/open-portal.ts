import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { showBillingError } from './billing-error-toast.ts';
import { useFollowBillingRedirect } from './follow-billing-redirect.ts';

export const openPortal = () => apiFetch<BillingRedirect>('/api/billing/portal', { method: 'POST', body: {} });

/** customer-portal: opened like the checkout. */
export function useOpenPortal() {
  const follow = useFollowBillingRedirect();
  return useMutation({
    mutationFn: openPortal,
    onSuccess: follow,
    onError: (error) =>
      showBillingError(error, {
        action: 'manage subscription',
        title: 'Portal access failed',
        description: 'Failed to open customer portal. Please try again.',
      }),
  });
}
