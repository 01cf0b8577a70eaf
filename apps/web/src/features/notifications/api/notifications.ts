import type { NotificationList, NotificationPreferences } from '@lunara/shared/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

// Kept current by the event stream (notification-provider.tsx), so no polling.
export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'inbox'],
    queryFn: () => apiFetch<NotificationList>('/api/notifications'),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useNotificationsQuery = (enabled: boolean) => useQuery({ ...getNotificationsQueryOptions(), enabled });

export const getPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: () => apiFetch<NotificationPreferences>('/api/notifications/preferences'),
  });
export const usePreferences = (enabled: boolean) => useQuery({ ...getPreferencesQueryOptions(), enabled });

function useInboxMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export const useMarkRead = () =>
  useInboxMutation((id: string) =>
    apiFetch<{ ok: true }>(`/api/notifications/${id}/read`, { method: 'POST', body: {} }),
  );
export const useMarkAllRead = () =>
  useInboxMutation(() => apiFetch<{ updated: number }>('/api/notifications/read-all', { method: 'POST', body: {} }));
export const useUpdatePreferences = () =>
  useInboxMutation((changes: Partial<NotificationPreferences>) =>
    apiFetch<NotificationPreferences>('/api/notifications/preferences', { method: 'PATCH', body: changes }),
  );
