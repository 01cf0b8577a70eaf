import type {
  AdminAnnouncementPage,
  CreateAnnouncementBody,
  PinnedAnnouncement,
  UnsubscribeInfo,
} from '@lunara/shared/announcements';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

const PINNED_KEY = ['announcements', 'pinned'] as const;
const ADMIN_KEY = ['admin', 'announcements'] as const;

/** The pinned announcements above the feed: a small query of its own, apart from the feed's pages. */
export const usePinnedAnnouncements = () =>
  useQuery(
    queryOptions({
      queryKey: PINNED_KEY,
      queryFn: () => apiFetch<{ items: PinnedAnnouncement[] }>('/api/announcements/pinned'),
      staleTime: 60_000,
    }),
  );

export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true }>(`/api/announcements/${id}/dismiss`, { method: 'POST' }),
    // Gone at once from the card (it is hers alone); the list is read again in the background.
    onMutate: (id) => {
      queryClient.setQueryData<{ items: PinnedAnnouncement[] }>(PINNED_KEY, (data) =>
        data ? { items: data.items.filter((item) => item.id !== id) } : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PINNED_KEY }),
  });
}

export const useAdminAnnouncements = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ADMIN_KEY,
      queryFn: ({ pageParam }) => apiFetch<AdminAnnouncementPage>(withCursor('/api/admin/announcements', pageParam)),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // While emails go out, the progress moves: read it again every few seconds.
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) => page.items.some((item) => item.emailStatus === 'sending'))
          ? 5000
          : false,
    }),
  );

function useAnnouncementMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
        queryClient.invalidateQueries({ queryKey: PINNED_KEY }),
      ]),
  });
}

export const useCreateAnnouncement = () =>
  useAnnouncementMutation(({ idempotencyKey, ...body }: CreateAnnouncementBody & { idempotencyKey: string }) =>
    apiFetch<{ id: string }>('/api/admin/announcements', { method: 'POST', body, idempotencyKey }),
  );
export const useSetAnnouncementPinned = () =>
  useAnnouncementMutation(({ id, isPinned }: { id: string; isPinned: boolean }) =>
    apiFetch<{ ok: true }>(`/api/admin/announcements/${id}/pin`, { method: 'PUT', body: { isPinned } }),
  );
export const useDeleteAnnouncement = () =>
  useAnnouncementMutation((id: string) =>
    apiFetch<{ ok: true }>(`/api/admin/announcements/${id}`, { method: 'DELETE' }),
  );

const tokenQuery = (token: string) => `/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

export const useUnsubscribeInfo = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: ['email-unsubscribe', token],
      queryFn: () => apiFetch<UnsubscribeInfo>(tokenQuery(token)),
      enabled: token.length > 0,
      retry: false,
    }),
  );

export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => apiFetch<{ ok: true }>(tokenQuery(token), { method: 'POST' }) });
