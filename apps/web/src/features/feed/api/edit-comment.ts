import type { Comment } from '@lunara/shared/feed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getCommentsQueryOptions } from './comments.ts';

export const editComment = (commentId: string, content: string) =>
  apiFetch<Comment>(`/api/comments/${commentId}`, { method: 'PATCH', body: { content } });

/** Her comment's new words: the post's comments refresh. */
export function useEditComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) => editComment(commentId, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(postId).queryKey }),
  });
}
