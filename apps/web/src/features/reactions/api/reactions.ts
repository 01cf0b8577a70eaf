import type { ReactionState, ReactorPage } from '@lunara/shared/reactions';
import type { ReactionKey } from '@lunara/shared/reactions-constants';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const setReaction = ({ postId, reaction, isOn }: { postId: string; reaction: ReactionKey; isOn: boolean }) =>
  apiFetch<ReactionState>(`/api/posts/${postId}/reactions/${reaction}`, { method: isOn ? 'PUT' : 'DELETE' });

export const getReactors = (postId: string, reaction: ReactionKey, cursor: string | null) =>
  apiFetch<ReactorPage>(
    `/api/posts/${postId}/reactions?reaction=${reaction}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

export const getReactorsQueryOptions = (postId: string, reaction: ReactionKey) =>
  infiniteQueryOptions({
    queryKey: ['posts', postId, 'reactors', reaction],
    queryFn: ({ pageParam }) => getReactors(postId, reaction, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useReactors = (postId: string, reaction: ReactionKey) =>
  useInfiniteQuery(getReactorsQueryOptions(postId, reaction));

/** Under the posts' key: the feed, the post's page, her saved list and "who reacted" all refresh. */
export function useSetReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReaction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
        queryClient.invalidateQueries({ queryKey: ['bookmarks'] }),
      ]),
  });
}
