import type {
  CompleteRitualBody,
  Completion,
  CreateRitualBody,
  Ritual,
  RitualsToday,
} from '@lunara/shared/ritual-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { localTimeZone as timeZone } from '../../../lib/local-format.ts';

/** "Today" is the member's own day: the browser's time zone goes with every request. */

export const getRitualsTodayQueryOptions = () =>
  queryOptions({
    queryKey: ['rituals'],
    queryFn: () => apiFetch<RitualsToday>(`/api/rituals?tz=${encodeURIComponent(timeZone())}`),
  });
export const useRitualsToday = () => useQuery(getRitualsTodayQueryOptions());

function useRitualMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all(
        ['rituals', 'journey', 'profiles', 'leaderboard'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

export const useCompleteRitual = () =>
  useRitualMutation(
    ({ ritualId, body, idempotencyKey }: { ritualId: string; body: CompleteRitualBody; idempotencyKey: string }) =>
      apiFetch<Completion>(`/api/rituals/${ritualId}/complete?tz=${encodeURIComponent(timeZone())}`, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
  );
export const useCreateRitual = () =>
  useRitualMutation((body: CreateRitualBody) => apiFetch<Ritual>('/api/rituals', { method: 'POST', body }));
export const useSaveLocation = () =>
  useRitualMutation((location: { latitude: number; longitude: number }) =>
    apiFetch<{ ok: true }>('/api/me/location', { method: 'PUT', body: location }),
  );
