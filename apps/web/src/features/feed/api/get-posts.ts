import type { PostPage } from '@lunara/shared/feed';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

export const getPosts = (cursor: string | null) => apiFetch<PostPage>(withCursor('/api/posts', cursor));

export const getPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['posts'],
    queryFn: ({ pageParam }) => getPosts(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePosts = () => useInfiniteQuery(getPostsQueryOptions());
