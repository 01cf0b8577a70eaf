import type {
  AdminRitual,
  AdminRitualList,
  CreateRitualTemplateBody,
  UpdateRitualTemplateBody,
} from '@lunara/shared/content-studio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useStudioMutation } from './studio-mutation.ts';

const RITUALS_KEY = ['admin', 'content', 'rituals'] as const;

export const getRitualTemplatesQueryOptions = () =>
  queryOptions({ queryKey: RITUALS_KEY, queryFn: () => apiFetch<AdminRitualList>('/api/admin/rituals') });
export const useRitualTemplates = () => useQuery(getRitualTemplatesQueryOptions());

/** Every change refreshes the list, the audit log, and the members' rituals page in this browser. */
const useRitualTemplateMutation = <TInput, TResult>(action: (input: TInput) => Promise<TResult>) =>
  useStudioMutation(action, RITUALS_KEY, ['rituals']);

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
