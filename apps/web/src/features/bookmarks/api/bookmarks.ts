import type { BookmarkKind, BookmarkState, SavedPage } from '@lunara/shared/bookmarks';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

const itemPath = (kind: BookmarkKind, itemId: string) => `/api/bookmarks/${kind}s/${encodeURIComponent(itemId)}`;

export const setBookmark = ({ kind, itemId, isOn }: { kind: BookmarkKind; itemId: string; isOn: boolean }) =>
  apiFetch<BookmarkState>(itemPath(kind, itemId), { method: isOn ? 'PUT' : 'DELETE' });
export const getBookmarkState = (kind: BookmarkKind, itemId: string) => apiFetch<BookmarkState>(itemPath(kind, itemId));
export const getSaved = (cursor: string | null) => apiFetch<SavedPage>(withCursor('/api/bookmarks', cursor));

export const getSavedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['bookmarks', 'list'],
    queryFn: ({ pageParam }) => getSaved(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useSaved = () => useInfiniteQuery(getSavedQueryOptions());

export const getBookmarkStateQueryOptions = (kind: BookmarkKind, itemId: string) =>
  queryOptions({ queryKey: ['bookmarks', kind, itemId], queryFn: () => getBookmarkState(kind, itemId) });
export const useBookmarkState = (kind: BookmarkKind, itemId: string, enabled = true) =>
  useQuery({ ...getBookmarkStateQueryOptions(kind, itemId), enabled });

/** Her saved list, the item's own state and the posts that carry `savedByMe` all refresh. */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookmark,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookmarks'] }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]),
  });
}
