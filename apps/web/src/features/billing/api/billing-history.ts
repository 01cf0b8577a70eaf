import type {
  CancellationBody,
  CancellationSettings,
  InvoicePage,
  MembershipDetails,
} from '@lunara/shared/billing-history';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

export const useInvoices = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['billing', 'invoices'],
      queryFn: ({ pageParam }) => apiFetch<InvoicePage>(withCursor('/api/billing/invoices', pageParam)),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

export const useMembershipDetails = () =>
  useQuery(
    queryOptions({
      queryKey: ['billing', 'membership'],
      queryFn: () => apiFetch<MembershipDetails>('/api/billing/membership'),
    }),
  );

/** After any change to her membership: its details, her receipts, the subscription and her profile. */
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['billing'] }),
      queryClient.invalidateQueries({ queryKey: ['subscription'] }),
      queryClient.invalidateQueries({ queryKey: ['me'] }),
    ]);
}

export function useCancelMembership() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: CancellationBody) =>
      apiFetch<{ ok: true }>('/api/billing/cancellation', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function usePauseMembership() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (months: number) => apiFetch<{ ok: true }>('/api/billing/pause', { method: 'POST', body: { months } }),
    onSuccess: refresh,
  });
}

export function useResumePausedMembership() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => apiFetch<{ ok: true }>('/api/billing/pause/resume', { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}

export const useCancellationSettings = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'cancellation-settings'],
      queryFn: () => apiFetch<CancellationSettings>('/api/admin/cancellation-settings'),
    }),
  );

export function useSaveCancellationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CancellationSettings) =>
      apiFetch<CancellationSettings>('/api/admin/cancellation-settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(['admin', 'cancellation-settings'], saved),
  });
}
