import type {
  AdminCircle,
  AdminContent,
  AdminSettings,
  AdminStats,
  AdminUserPage,
  AuditPage,
  CircleBody,
  ContentKind,
  EventBody,
} from '@lunara/shared/admin';
import type { EventVisibility } from '@lunara/shared/community';
import type { StorageTotals } from '@lunara/shared/media';
import type { Role } from '@lunara/shared/roles-constants';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const withParams = (path: string, params: Record<string, string | undefined | null>) => {
  const search = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const useAdminStats = () =>
  useQuery(queryOptions({ queryKey: ['admin', 'stats'], queryFn: () => apiFetch<AdminStats>('/api/admin/stats') }));
export const useAdminSettings = () =>
  useQuery(
    queryOptions({ queryKey: ['admin', 'settings'], queryFn: () => apiFetch<AdminSettings>('/api/admin/settings') }),
  );

export const useAdminStorage = () =>
  useQuery(
    queryOptions({ queryKey: ['admin', 'storage'], queryFn: () => apiFetch<StorageTotals>('/api/admin/storage') }),
  );

export const useAdminUsers = (search: string, role: Role | undefined) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'users', search, role],
      queryFn: ({ pageParam }) =>
        apiFetch<AdminUserPage>(withParams('/api/admin/users', { search, role, cursor: pageParam })),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

export const useAdminContent = (kind: ContentKind) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'content', kind],
      queryFn: ({ pageParam }) =>
        apiFetch<AdminContent>(withParams(`/api/admin/content/${kind}`, { cursor: pageParam })),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

export const useAuditLog = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'audit'],
      queryFn: ({ pageParam }) => apiFetch<AuditPage>(withParams('/api/admin/audit', { cursor: pageParam })),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

/** Every admin change refreshes the panel (counts, lists, audit) and what members see. */
export function useAdminMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all(
        ['admin', 'posts', 'forums', 'events', 'circles'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

export const assignRole = ({ userId, role }: { userId: string; role: Role }) =>
  apiFetch<{ userId: string; role: Role }>(`/api/users/${userId}/role`, { method: 'PUT', body: { role } });
export const deletePost = (postId: string) => apiFetch<{ ok: true }>(`/api/posts/${postId}`, { method: 'DELETE' });
export const deleteComment = (commentId: string) =>
  apiFetch<{ ok: true }>(`/api/comments/${commentId}`, { method: 'DELETE' });
export const setTopicLock = ({ topicId, isLocked }: { topicId: string; isLocked: boolean }) =>
  apiFetch<unknown>(`/api/forums/topics/${topicId}/lock`, { method: 'PUT', body: { isLocked } });
export const createEvent = (body: EventBody) => apiFetch<{ id: string }>('/api/admin/events', { method: 'POST', body });
export const createCircle = (body: CircleBody) =>
  apiFetch<{ id: string }>('/api/admin/circles', { method: 'POST', body });

export const useCircleOptions = (enabled = true) =>
  useQuery({
    ...queryOptions({
      queryKey: ['circles'],
      queryFn: () => apiFetch<{ circles: Array<{ id: string; name: string }> }>('/api/circles'),
    }),
    enabled,
  });

export const useAllCircles = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'circles'],
      queryFn: () => apiFetch<{ circles: AdminCircle[] }>('/api/admin/circles'),
    }),
  );

export interface ManagedEvent {
  id: string;
  title: string;
  description: string;
  eventDate: string;
  durationMinutes: number;
  isVirtual: boolean;
  meetingLink: string | null;
  location: string | null;
  maxAttendees: number | null;
  attendeeCount: number;
  circle: { id: string; name: string };
  /** 'circle': only its circle's members (and staff) see it. */
  visibility: EventVisibility;
}
export const useUpcomingEvents = () =>
  useQuery(
    queryOptions({
      queryKey: ['events', 'admin'],
      queryFn: () => apiFetch<{ events: ManagedEvent[] }>('/api/events?view=all&tz=UTC'),
    }),
  );

export const updateEvent = ({ eventId, body }: { eventId: string; body: EventBody }) =>
  apiFetch<{ ok: true }>(`/api/admin/events/${eventId}`, { method: 'PUT', body });
export const cancelEvent = (eventId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/events/${eventId}/cancel`, { method: 'POST', body: {} });
export const updateCircle = ({ circleId, body }: { circleId: string; body: CircleBody }) =>
  apiFetch<{ ok: true }>(`/api/admin/circles/${circleId}`, { method: 'PUT', body });
