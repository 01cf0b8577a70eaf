import type { ForumCategory, ReplyPage, TopicDetail, TopicPage } from '@lunara/shared/forums';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

export const getCategories = () => apiFetch<{ categories: ForumCategory[] }>('/api/forums/categories');
export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['forums', 'categories'], queryFn: getCategories });
export const useForumCategories = () => useQuery(getCategoriesQueryOptions());

export const getTopicsQueryOptions = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: ['forums', 'topics', categoryId],
    queryFn: ({ pageParam }) =>
      apiFetch<TopicPage>(withCursor(`/api/forums/categories/${categoryId}/topics`, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useTopics = (categoryId: string) => useInfiniteQuery(getTopicsQueryOptions(categoryId));

export const getTopicQueryOptions = (topicId: string) =>
  queryOptions({
    queryKey: ['forums', 'topic', topicId],
    queryFn: () => apiFetch<TopicDetail>(`/api/forums/topics/${topicId}`),
  });
export const useTopic = (topicId: string) => useQuery(getTopicQueryOptions(topicId));

export const getRepliesQueryOptions = (topicId: string) =>
  infiniteQueryOptions({
    queryKey: ['forums', 'replies', topicId],
    queryFn: ({ pageParam }) => apiFetch<ReplyPage>(withCursor(`/api/forums/topics/${topicId}/replies`, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useReplies = (topicId: string) => useInfiniteQuery(getRepliesQueryOptions(topicId));
