import type { PostPage } from '@lunara/shared/feed';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getPosts = (cursor: string | null) =>
  apiFetch<PostPage>(cursor ? `/api/posts?cursor=${encodeURIComponent(cursor)}` : '/api/posts');

export const getPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['posts'],
    queryFn: ({ pageParam }) => getPosts(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePosts = () => useInfiniteQuery(getPostsQueryOptions());
