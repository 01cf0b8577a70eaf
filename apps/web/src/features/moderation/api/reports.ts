import type {
  ModerationCasePage,
  ModerationSettings,
  ReportBody,
  ReportResponse,
  SuspendBody,
  WarnBody,
} from '@lunara/shared/moderation';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

export const useReport = () =>
  useMutation({
    mutationFn: ({ idempotencyKey, ...body }: ReportBody & { idempotencyKey: string }) =>
      apiFetch<ReportResponse>('/api/reports', { method: 'POST', body, idempotencyKey }),
  });

const CASES_KEY = ['moderation', 'cases'] as const;

export const useModerationCases = () =>
  useInfiniteQuery({
    queryKey: CASES_KEY,
    queryFn: ({ pageParam }) => apiFetch<ModerationCasePage>(withCursor('/api/moderation/cases', pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchOnMount: 'always',
  });

export type CaseActionInput =
  | { caseId: string; kind: 'dismiss' | 'delete' }
  | { caseId: string; kind: 'warn'; body: WarnBody }
  | { caseId: string; kind: 'suspend'; body: SuspendBody };

/** Any decision refreshes the queue and the places the content shows (it may be back, or gone). */
export function useCaseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CaseActionInput) =>
      apiFetch<{ status: string; message: string }>(`/api/moderation/cases/${input.caseId}/${input.kind}`, {
        method: 'POST',
        body: 'body' in input ? input.body : {},
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CASES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
        queryClient.invalidateQueries({ queryKey: ['forums'] }),
      ]),
  });
}

const SETTINGS_KEY = ['moderation', 'settings'] as const;
export const useModerationSettings = () =>
  useQuery({ queryKey: SETTINGS_KEY, queryFn: () => apiFetch<ModerationSettings>('/api/moderation/settings') });
export function useSaveModerationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ModerationSettings) =>
      apiFetch<ModerationSettings>('/api/moderation/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
