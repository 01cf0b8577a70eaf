import type { Comment, CommentPage } from '@lunara/shared/feed';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';
import { getPostQueryOptions } from './get-post.ts';
import { getPostsQueryOptions } from './get-posts.ts';

export const getComments = (postId: string, cursor: string | null) =>
  apiFetch<CommentPage>(withCursor(`/api/posts/${postId}/comments`, cursor));

export const getCommentsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: ['posts', postId, 'comments'],
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useComments = (postId: string) => useInfiniteQuery(getCommentsQueryOptions(postId));

export const addComment = (postId: string, content: string, idempotencyKey: string) =>
  apiFetch<Comment>(`/api/posts/${postId}/comments`, { method: 'POST', body: { content }, idempotencyKey });
export const deleteComment = (commentId: string) =>
  apiFetch<{ ok: true }>(`/api/comments/${commentId}`, { method: 'DELETE' });

function useCommentMutation<TInput>(postId: string, action: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(postId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getPostsQueryOptions().queryKey, exact: true }),
        // A circle's feed and "From your circles" show its comment count as well.
        queryClient.invalidateQueries({ queryKey: ['posts', 'circle'] }),
        queryClient.invalidateQueries({ queryKey: ['posts', 'from-circles'] }),
        // The post's own page shows its comment count too.
        queryClient.invalidateQueries({ queryKey: getPostQueryOptions(postId).queryKey }),
      ]),
  });
}

export const useAddComment = (postId: string) =>
  useCommentMutation(postId, ({ content, idempotencyKey }: { content: string; idempotencyKey: string }) =>
    addComment(postId, content, idempotencyKey),
  );
export const useDeleteComment = (postId: string) => useCommentMutation(postId, deleteComment);
