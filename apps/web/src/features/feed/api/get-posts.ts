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

/*
 * The lists of circles' posts sit under the feed's key ('posts', ...), so every post change that
 * refreshes the feed (a new post, a like, a delete, a report) refreshes them too.
 */

/** "From your circles": the posts of the circles she is a member of, newest first. */
export const getFromCirclesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['posts', 'from-circles'],
    queryFn: ({ pageParam }) => apiFetch<PostPage>(withCursor('/api/posts/from-circles', pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useFromCirclesPosts = (enabled: boolean) => useInfiniteQuery({ ...getFromCirclesQueryOptions(), enabled });

/** One circle's feed: for its members and staff (anyone else gets 403). */
export const getCirclePostsQueryOptions = (circleId: string) =>
  infiniteQueryOptions({
    queryKey: ['posts', 'circle', circleId],
    queryFn: ({ pageParam }) => apiFetch<PostPage>(withCursor(`/api/circles/${circleId}/posts`, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useCirclePosts = (circleId: string, enabled: boolean) =>
  useInfiniteQuery({ ...getCirclePostsQueryOptions(circleId), enabled });
