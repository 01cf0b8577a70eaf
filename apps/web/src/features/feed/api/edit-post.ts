import type { EditPostBody } from '@lunara/shared/editing';
import type { Post } from '@lunara/shared/feed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getPostsQueryOptions } from './get-posts.ts';

export const editPost = (postId: string, body: EditPostBody) =>
  apiFetch<Post>(`/api/posts/${postId}`, { method: 'PATCH', body });

/** Her post's new words: the feed and the post's own page refresh (both under the feed's key). */
export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditPostBody) => editPost(postId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPostsQueryOptions().queryKey }),
  });
}
