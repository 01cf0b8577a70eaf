import type { CreatePostBody, LikeResponse, Post } from '@lunara/shared/feed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getPostsQueryOptions } from './get-posts.ts';

export const createPost = ({ idempotencyKey, ...body }: CreatePostBody & { idempotencyKey: string }) =>
  apiFetch<Post>('/api/posts', { method: 'POST', body, idempotencyKey });
export const deletePost = (postId: string) => apiFetch<{ ok: true }>(`/api/posts/${postId}`, { method: 'DELETE' });
export const pinPost = (postId: string, isPinned: boolean) =>
  apiFetch<Post>(`/api/posts/${postId}/pin`, { method: 'PUT', body: { isPinned } });
export const setLike = (postId: string, like: boolean) =>
  apiFetch<LikeResponse>(`/api/posts/${postId}/like`, { method: like ? 'PUT' : 'DELETE' });

/** Every change to posts refreshes the feed (and the profile and leaderboard figures it moves). */
function usePostMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getPostsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['profiles'] }),
        queryClient.invalidateQueries({ queryKey: ['leaderboard'] }),
      ]),
  });
}

export const useCreatePost = () => usePostMutation(createPost);
export const useDeletePost = () => usePostMutation(deletePost);
export const usePinPost = () =>
  usePostMutation(({ postId, isPinned }: { postId: string; isPinned: boolean }) => pinPost(postId, isPinned));
export const useSetLike = () =>
  usePostMutation(({ postId, like }: { postId: string; like: boolean }) => setLike(postId, like));
