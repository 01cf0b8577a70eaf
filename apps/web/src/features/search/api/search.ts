import type { SearchResponse } from '@lunara/shared/search';
import type { SearchKind, SearchSince } from '@lunara/shared/search-constants';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export interface SearchParams {
  q: string;
  kind?: SearchKind;
  since: SearchSince;
}

export const searchCommunity = ({ q, kind, since }: SearchParams, cursor?: string) => {
  const params = new URLSearchParams({ q, since });
  if (kind) params.set('kind', kind);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<SearchResponse>(`/api/search?${params}`);
};

/** The grouped page, or a kind's pages ("Load more"). */
export const getSearchQueryOptions = (search: SearchParams) =>
  infiniteQueryOptions({
    queryKey: ['search', 'results', search.q, search.kind ?? 'all', search.since],
    queryFn: ({ pageParam }) => searchCommunity(search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: search.q.trim().length > 0,
    staleTime: 30_000,
  });

export const useSearch = (search: SearchParams) => useInfiniteQuery(getSearchQueryOptions(search));

export const getSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', q],
    queryFn: () => searchCommunity({ q, since: 'any' }),
    select: (data) => data.groups.flatMap((group) => group.items),
    enabled: q.length > 0,
    staleTime: 30_000,
    // The list stays while the next word's answer comes, instead of blinking empty at each key.
    placeholderData: keepPreviousData,
  });

export const useSuggestions = (q: string) => useQuery(getSuggestionsQueryOptions(q));
