import type {
  AdminRitual,
  AdminRitualList,
  CreateRitualTemplateBody,
  UpdateRitualTemplateBody,
} from '@lunara/shared/content-studio';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const RITUALS_KEY = ['admin', 'content', 'rituals'] as const;

export const getRitualTemplatesQueryOptions = () =>
  queryOptions({ queryKey: RITUALS_KEY, queryFn: () => apiFetch<AdminRitualList>('/api/admin/rituals') });
export const useRitualTemplates = () => useQuery(getRitualTemplatesQueryOptions());

/** Every change refreshes the list, the audit log, and the members' rituals page in this browser. */
function useRitualTemplateMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () =>
      Promise.all(
        [RITUALS_KEY, ['admin', 'audit'], ['rituals']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const useCreateRitualTemplate = () =>
  useRitualTemplateMutation(({ body, idempotencyKey }: { body: CreateRitualTemplateBody; idempotencyKey: string }) =>
    apiFetch<AdminRitual>('/api/admin/rituals', { method: 'POST', body, idempotencyKey }),
  );

export const useUpdateRitualTemplate = () =>
  useRitualTemplateMutation(({ ritualId, body }: { ritualId: string; body: UpdateRitualTemplateBody }) =>
    apiFetch<AdminRitual>(`/api/admin/rituals/${ritualId}`, { method: 'PATCH', body }),
  );

export const useRemoveRitualTemplate = () =>
  useRitualTemplateMutation((ritualId: string) =>
    apiFetch<null>(`/api/admin/rituals/${ritualId}`, { method: 'DELETE' }),
  );
