import type { TopicRead } from '@lunara/shared/reads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiFetch } from '../../../lib/api-client.ts';
import { getTopicsQueryOptions } from './forum-queries.ts';

export const markTopicRead = (topicId: string) =>
  apiFetch<TopicRead>(`/api/forums/topics/${topicId}/read`, { method: 'POST' });

/**
 * Marks the topic read once its replies are shown (an explicit call, so that a prefetch never does) and
 * keeps when she had opened it before, for the "New" divider. A write, so a mutation from an effect: the
 * server draws the page without it (a prerendered page only reads), and a forum change refetching the
 * topic does not mark it again and lose the divider. Once per topic shown: the ref outlives StrictMode's
 * second run of the effect.
 */
export function useTopicReadMark(topicId: string, categoryId: string | undefined, isShown: boolean) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: markTopicRead,
    onSuccess: () =>
      categoryId ? queryClient.invalidateQueries({ queryKey: getTopicsQueryOptions(categoryId).queryKey }) : undefined,
  });
  const { mutate } = mark;
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!isShown || marked.current === topicId) return;
    marked.current = topicId;
    mutate(topicId);
  }, [isShown, topicId, mutate]);
  return mark.variables === topicId ? mark.data?.previousReadAt : undefined;
}

/** The first reply by someone else since she last opened the topic (none on a first visit). */
export function firstNewReplyId(
  replies: Array<{ id: string; createdAt: string; author: { id: string } }>,
  previousReadAt: string | null | undefined,
  viewerId: string,
): string | undefined {
  if (!previousReadAt) return undefined;
  const since = Date.parse(previousReadAt);
  return replies.find((reply) => reply.author.id !== viewerId && Date.parse(reply.createdAt) > since)?.id;
}

export const markCategoryRead = (categoryId: string) =>
  apiFetch<{ ok: true }>(`/api/forums/categories/${categoryId}/read`, { method: 'POST' });

/** "Mark all as read": the category's list shows nothing new afterwards. */
export function useMarkCategoryRead(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markCategoryRead(categoryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTopicsQueryOptions(categoryId).queryKey }),
  });
}
