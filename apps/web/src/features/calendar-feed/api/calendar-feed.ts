import type { CalendarFeed } from '@lunara/shared/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: ['calendar-feed'], queryFn: () => apiFetch<CalendarFeed>('/api/calendar-feed') });

export const useCalendarFeed = () => useQuery({ ...calendarFeedQueryOptions(), retry: false });

/** Turning it on and Reset link are one call: a new link, shown in its answer only (the server keeps a hash). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeed>('/api/calendar-feed', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, feed),
  });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeed>('/api/calendar-feed', { method: 'DELETE' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, feed),
  });
}
