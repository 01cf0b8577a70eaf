import type { Post } from '@lunara/shared/feed';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getPost = (postId: string) => apiFetch<Post>(`/api/posts/${encodeURIComponent(postId)}`);

// Under the feed's key, so every post change that refreshes the feed refreshes this page too.
export const getPostQueryOptions = (postId: string) =>
  queryOptions({ queryKey: ['posts', postId, 'page'], queryFn: () => getPost(postId), retry: false });

export const usePost = (postId: string) => useQuery(getPostQueryOptions(postId));
