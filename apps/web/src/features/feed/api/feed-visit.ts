import type { FeedVisit } from '@lunara/shared/reads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const recordFeedVisit = () => apiFetch<FeedVisit>('/api/feed/visit', { method: 'POST' });

// Sent once per page view and kept: the "New" marks stay while she looks, however often the feed refetches.
export const getFeedVisitQueryOptions = () =>
  queryOptions({
    queryKey: ['feed-visit'],
    queryFn: recordFeedVisit,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** When her previous visit began (posts by others after it are new to her), once known. */
export const useFeedVisit = () => useQuery(getFeedVisitQueryOptions()).data?.previousVisitAt;
