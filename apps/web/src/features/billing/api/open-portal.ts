import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '../../../lib/api-client.ts';
import { useFollowBillingRedirect } from './follow-billing-redirect.ts';

export const openPortal = () => apiFetch<BillingRedirect>('/api/billing/portal', { method: 'POST', body: {} });

/** customer-portal: opened like the checkout. */
export function useOpenPortal() {
  const follow = useFollowBillingRedirect();
  return useMutation({
    mutationFn: openPortal,
    onSuccess: follow,
    onError: () =>
      toast.error('Portal access failed', { description: 'Failed to open customer portal. Please try again.' }),
  });
}
