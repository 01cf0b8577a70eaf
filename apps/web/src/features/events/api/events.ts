import type { AttendeeList, CircleEvent, CircleEventBody, EventView } from '@lunara/shared/circles';
import type { RsvpStatus } from '@lunara/shared/community';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { localTimeZone } from '../../../lib/local-format.ts';

/** The browser's own time zone: "Today" and "This Week" are the member's calendar. */

export const getEventsQueryOptions = (view: EventView) =>
  queryOptions({
    queryKey: ['events', view],
    queryFn: () =>
      apiFetch<{ events: CircleEvent[] }>(`/api/events?view=${view}&tz=${encodeURIComponent(localTimeZone())}`),
  });
export const useEvents = (view: EventView) => useQuery(getEventsQueryOptions(view));

/** One event, also a cancelled one (a notification about it opens it). */
export const getEventQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ['events', 'one', eventId],
    queryFn: () => apiFetch<CircleEvent>(`/api/events/${eventId}`),
  });
export const useEvent = (eventId: string | null) =>
  useQuery({ ...getEventQueryOptions(eventId ?? ''), enabled: !!eventId });

export const getAttendeesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ['events', 'attendees', eventId],
    queryFn: () => apiFetch<AttendeeList>(`/api/events/${eventId}/attendees`),
  });
export const useAttendees = (eventId: string) => useQuery(getAttendeesQueryOptions(eventId));

export function useRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, status }: { eventId: string; status: RsvpStatus }) =>
      apiFetch<CircleEvent>(`/api/events/${eventId}/rsvp`, { method: 'PUT', body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}

/** One circle's upcoming events, circle-only and community ones alike: for its members and staff. */
export const getCircleEventsQueryOptions = (circleId: string) =>
  queryOptions({
    queryKey: ['events', 'circle', circleId],
    queryFn: () => apiFetch<{ events: CircleEvent[] }>(`/api/circles/${circleId}/events`),
  });
export const useCircleEvents = (circleId: string, enabled: boolean) =>
  useQuery({ ...getCircleEventsQueryOptions(circleId), enabled });

/** A host's (or an admin's) changes to her circle's events refresh every list of events. */
function useCircleEventMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}

export const useCreateCircleEvent = () =>
  useCircleEventMutation(({ circleId, body }: { circleId: string; body: CircleEventBody }) =>
    apiFetch<{ id: string }>(`/api/circles/${circleId}/events`, { method: 'POST', body }),
  );
export const useUpdateCircleEvent = () =>
  useCircleEventMutation(({ circleId, eventId, body }: { circleId: string; eventId: string; body: CircleEventBody }) =>
    apiFetch<unknown>(`/api/circles/${circleId}/events/${eventId}`, { method: 'PUT', body }),
  );
export const useCancelCircleEvent = () =>
  useCircleEventMutation(({ circleId, eventId }: { circleId: string; eventId: string }) =>
    apiFetch<unknown>(`/api/circles/${circleId}/events/${eventId}/cancel`, { method: 'POST', body: {} }),
  );
