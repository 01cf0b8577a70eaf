import { SUBSCRIPTION_RECHECK_MS } from '@lunara/shared/billing';
import type { SubscriptionStatusResponse } from '@lunara/shared/billing-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getSubscription = () => apiFetch<SubscriptionStatusResponse>('/api/billing/subscription');

export const getSubscriptionQueryOptions = (userId: string | undefined, role: string | undefined) =>
  queryOptions({
    queryKey: ['subscription', userId, role],
    // A failed check is only logged and counts as "not subscribed" (spec section 8).
    queryFn: () =>
      getSubscription().catch((error: unknown) => {
        console.error('Subscription check failed', error);
        return NOT_SUBSCRIBED;
      }),
    refetchInterval: SUBSCRIPTION_RECHECK_MS,
    staleTime: 0,
  });

const NOT_SUBSCRIBED: SubscriptionStatusResponse = {
  subscribed: false,
  product_id: null,
  subscription_end: null,
  cancel_at_period_end: false,
  status: null,
};

export interface SubscriptionState {
  subscribed: boolean;
  productId: string | null;
  subscriptionEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  isLoading: boolean;
}

/**
 * The member's subscription, re-checked every 60 s and whenever the member or her role changes.
 * For an admin without a membership the server answers with the synthetic admin_access one.
 */
export function useSubscription(member: { id: string; role: string } | null): SubscriptionState {
  const query = useQuery({ ...getSubscriptionQueryOptions(member?.id, member?.role), enabled: Boolean(member) });
  if (!member) return { ...toState(NOT_SUBSCRIBED), isLoading: false };
  return { ...toState(query.data ?? NOT_SUBSCRIBED), isLoading: query.isPending };
}

function toState(status: SubscriptionStatusResponse): Omit<SubscriptionState, 'isLoading'> {
  return {
    subscribed: status.subscribed,
    productId: status.product_id,
    subscriptionEnd: status.subscription_end ? new Date(status.subscription_end) : null,
    cancelAtPeriodEnd: status.cancel_at_period_end,
  };
}
