import type { Reply, TopicBody, TopicDetail } from '@lunara/shared/forums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const createTopic = (categoryId: string, body: TopicBody, idempotencyKey: string) =>
  apiFetch<TopicDetail>(`/api/forums/categories/${categoryId}/topics`, { method: 'POST', body, idempotencyKey });
export const editTopic = (topicId: string, body: TopicBody) =>
  apiFetch<TopicDetail>(`/api/forums/topics/${topicId}`, { method: 'PATCH', body });
export const deleteTopic = (topicId: string) =>
  apiFetch<{ ok: true }>(`/api/forums/topics/${topicId}`, { method: 'DELETE' });
export const setTopicFlag = (topicId: string, flag: 'pin' | 'lock', value: boolean) =>
  apiFetch<TopicDetail>(`/api/forums/topics/${topicId}/${flag}`, {
    method: 'PUT',
    body: flag === 'pin' ? { isPinned: value } : { isLocked: value },
  });
export const addReply = (topicId: string, content: string, idempotencyKey: string) =>
  apiFetch<Reply>(`/api/forums/topics/${topicId}/replies`, { method: 'POST', body: { content }, idempotencyKey });
export const deleteReply = (replyId: string) =>
  apiFetch<{ ok: true }>(`/api/forums/replies/${replyId}`, { method: 'DELETE' });
export const editReply = (replyId: string, content: string) =>
  apiFetch<Reply>(`/api/forums/replies/${replyId}`, { method: 'PATCH', body: { content } });

/** Any forum change refreshes everything forum-shaped: lists, counts, the open topic. */
export function useForumMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['forums'] }) });
}
