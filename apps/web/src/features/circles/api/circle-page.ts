import type { CircleDetail, CircleMemberPage, CircleRequest } from '@lunara/shared/circles';
import type { CircleMemberRole } from '@lunara/shared/community';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

/*
 * One circle as a place (issue 34): its page, members and requests. Every key starts with 'circles', so
 * what already refreshes the circles (a join, a leave, a decision, useLiveCircles) refreshes these too.
 */
export const circleQueryKey = (circleId: string) => ['circles', 'one', circleId] as const;

export const getCircleQueryOptions = (circleId: string) =>
  queryOptions({
    queryKey: circleQueryKey(circleId),
    queryFn: () => apiFetch<CircleDetail>(`/api/circles/${circleId}`),
    // Her membership may have changed while she was away (a host removed her): read it on every visit.
    refetchOnMount: 'always',
    retry: false,
  });
export const useCircle = (circleId: string) => useQuery(getCircleQueryOptions(circleId));

export const getCircleMembersQueryOptions = (circleId: string) =>
  infiniteQueryOptions({
    queryKey: ['circles', 'one', circleId, 'members'],
    queryFn: ({ pageParam }) => apiFetch<CircleMemberPage>(withCursor(`/api/circles/${circleId}/members`, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useCircleMembers = (circleId: string, enabled: boolean) =>
  useInfiniteQuery({ ...getCircleMembersQueryOptions(circleId), enabled });

/** The pending requests of one circle: for its hosts, moderators and admins. */
export const useRequestsOfCircle = (circleId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['circles', 'one', circleId, 'requests'],
    queryFn: () => apiFetch<{ requests: CircleRequest[] }>(`/api/circles/${circleId}/requests`),
    enabled,
  });

function useCircleChange<TInput>(action: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['circles'] }),
        // Her answers to its circle-only events go with a member who leaves.
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}

export const useRemoveCircleMember = () =>
  useCircleChange(({ circleId, userId }: { circleId: string; userId: string }) =>
    apiFetch<{ ok: true }>(`/api/circles/${circleId}/members/${userId}`, { method: 'DELETE' }),
  );

export const useSetCircleRole = () =>
  useCircleChange(({ circleId, userId, role }: { circleId: string; userId: string; role: CircleMemberRole }) =>
    apiFetch<{ ok: true }>(`/api/circles/${circleId}/members/${userId}/role`, { method: 'PUT', body: { role } }),
  );
