import type { PlanInterval } from '@lunara/shared/billing';
import type { CheckoutBody, Coupon, CouponBody, CouponPage, PlanSettings, Quote } from '@lunara/shared/plans';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

export const useAdminPlans = () =>
  useQuery(queryOptions({ queryKey: ['admin', 'plans'], queryFn: () => apiFetch<PlanSettings>('/api/admin/plans') }));

/** Saving the plans changes what every page shows: the public configuration is read again. */
export function useSavePlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanSettings) => apiFetch<PlanSettings>('/api/admin/plans', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'plans'], saved);
      return queryClient.invalidateQueries({ queryKey: ['app-config'] });
    },
  });
}

export const useCoupons = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'coupons'],
      queryFn: ({ pageParam }) => apiFetch<CouponPage>(withCursor('/api/admin/coupons', pageParam)),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CouponBody; idempotencyKey: string }) =>
      apiFetch<Coupon>('/api/admin/coupons', { method: 'POST', body, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] }),
  });
}

export function useDeactivateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (couponId: string) => apiFetch<Coupon>(`/api/admin/coupons/${couponId}/deactivate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] }),
  });
}

/** Her live quote for the plan and the code she applied (nothing is written). */
export const useQuote = (plan: PlanInterval, couponCode: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['billing', 'quote', plan, couponCode ?? ''],
      queryFn: () =>
        apiFetch<Quote>('/api/billing/quote', {
          method: 'POST',
          body: { plan, ...(couponCode ? { couponCode } : {}) } satisfies CheckoutBody,
        }),
      retry: false,
      placeholderData: keepPreviousData,
    }),
  );
