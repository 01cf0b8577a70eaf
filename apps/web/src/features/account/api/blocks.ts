import type { BlockedMemberPage, BlockState, MuteState } from '@lunara/shared/blocks';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

/** Everything a block or an unblock changes on her screens: she should see it at once. */
const SHOWN_BY_BLOCKS = ['blocks', 'posts', 'comments', 'forums', 'conversations', 'member-search', 'notifications'];

export const blockedMembersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['blocks', 'list'],
    queryFn: ({ pageParam }) => apiFetch<BlockedMemberPage>(withCursor('/api/blocks', pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useBlockedMembers = () => useInfiniteQuery(blockedMembersQueryOptions());

/** Whether she blocked this member (never whether the member blocked her: the server does not say). */
export const useBlockState = (userId: string | null, enabled = true) =>
  useQuery({
    queryKey: ['blocks', 'member', userId],
    queryFn: () => apiFetch<BlockState>(`/api/blocks/${encodeURIComponent(userId ?? '')}`),
    enabled: Boolean(userId) && enabled,
  });

export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      apiFetch<BlockState>(`/api/blocks/${encodeURIComponent(userId)}`, { method: blocked ? 'PUT' : 'DELETE' }),
    onSuccess: (state, { userId }) => {
      queryClient.setQueryData(['blocks', 'member', userId], state);
      return Promise.all(SHOWN_BY_BLOCKS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
}

type MuteTarget = { kind: 'conversation'; id: string } | { kind: 'topic'; id: string };
const mutePath = (target: MuteTarget) =>
  target.kind === 'conversation'
    ? `/api/conversations/${encodeURIComponent(target.id)}/mute`
    : `/api/forums/topics/${encodeURIComponent(target.id)}/mute`;

export const useMuteState = (target: MuteTarget) =>
  useQuery({ queryKey: ['mutes', target.kind, target.id], queryFn: () => apiFetch<MuteState>(mutePath(target)) });

export function useSetMuted(target: MuteTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => apiFetch<MuteState>(mutePath(target), { method: muted ? 'PUT' : 'DELETE' }),
    onSuccess: (state) => queryClient.setQueryData(['mutes', target.kind, target.id], state),
  });
}
