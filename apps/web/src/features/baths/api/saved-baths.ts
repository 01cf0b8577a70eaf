import type { CreateBathBody, SavedBath, SavedBathList, ShareBathBody } from '@lunara/shared/bath-schemas';
import type { Post } from '@lunara/shared/feed';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getSavedBathsQueryOptions = () =>
  queryOptions({ queryKey: ['baths', 'saved'], queryFn: () => apiFetch<SavedBathList>('/api/baths') });
export const useSavedBaths = () => useQuery(getSavedBathsQueryOptions());

export const getSavedBathQueryOptions = (bathId: string) =>
  queryOptions({ queryKey: ['baths', 'saved', bathId], queryFn: () => apiFetch<SavedBath>(`/api/baths/${bathId}`) });
export const useSavedBath = (bathId: string) => useQuery(getSavedBathQueryOptions(bathId));

/** A saved bath is a new ritual (the rituals page) and a share a new post and points: those pages refresh. */
function useBathMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>, also: string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all(
        [getSavedBathsQueryOptions().queryKey, ...also.map((key) => [key])].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useCreateBath = () =>
  useBathMutation(
    ({ body, idempotencyKey }: { body: CreateBathBody; idempotencyKey: string }) =>
      apiFetch<SavedBath>('/api/baths', { method: 'POST', body, idempotencyKey }),
    ['rituals'],
  );

export const useShareBath = () =>
  useBathMutation(
    ({ bathId, body, idempotencyKey }: { bathId: string; body: ShareBathBody; idempotencyKey: string }) =>
      apiFetch<Post>(`/api/baths/${bathId}/share`, { method: 'POST', body, idempotencyKey }),
    ['posts', 'profiles', 'leaderboard', 'journey'],
  );
