import type { JournalEntry, JournalPage, PracticeCalendar } from '@lunara/shared/ritual-journal';
import type { CompleteRitualBody, CreateRitualBody, Ritual } from '@lunara/shared/ritual-schemas';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { localTimeZone as timeZone } from '../../../lib/local-format.ts';

/** Her calendar's "today" is her own day: the browser's time zone goes with the request. */

const withParams = (path: string, params: Record<string, string | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

// Under ['rituals'], so completing a ritual (which invalidates ['rituals']) refreshes the journal too.
export const useJournal = (phase: MoonPhaseKey | undefined) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['rituals', 'journal', phase ?? 'all'],
      queryFn: ({ pageParam }) =>
        apiFetch<JournalPage>(withParams('/api/rituals/journal', { phase, cursor: pageParam })),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );

/** One month of her practice (undefined: her current month) and her streaks. */
export const usePracticeCalendar = (month: string | undefined) =>
  useQuery({
    queryKey: ['rituals', 'calendar', month ?? 'current'],
    queryFn: () => apiFetch<PracticeCalendar>(withParams('/api/rituals/calendar', { month, tz: timeZone() })),
  });

function useRitualsMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['rituals'] }),
  });
}

export const useEditJournalEntry = () =>
  useRitualsMutation(({ entryId, body }: { entryId: string; body: CompleteRitualBody }) =>
    apiFetch<JournalEntry>(`/api/rituals/journal/${entryId}`, { method: 'PATCH', body }),
  );

export const useUpdateOwnRitual = () =>
  useRitualsMutation(({ ritualId, body }: { ritualId: string; body: CreateRitualBody }) =>
    apiFetch<Ritual>(`/api/rituals/${ritualId}`, { method: 'PATCH', body }),
  );

export const useDeleteOwnRitual = () =>
  useRitualsMutation((ritualId: string) => apiFetch<{ ok: true }>(`/api/rituals/${ritualId}`, { method: 'DELETE' }));
