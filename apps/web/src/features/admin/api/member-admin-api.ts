import type {
  EmailPreview,
  EmailTemplate,
  EmailTemplateBody,
  EmailTemplateKey,
  EmailTemplateList,
} from '@lunara/shared/email-templates';
import type { ComplimentaryGrant, MemberDetail } from '@lunara/shared/member-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** A member's detail in User Management (admins only). */
export const useMemberDetail = (userId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'member', userId],
      queryFn: () => apiFetch<MemberDetail>(`/api/admin/members/${encodeURIComponent(userId ?? '')}`),
      enabled: Boolean(userId),
    }),
  );

/** Grant or end a complimentary membership; the detail and the users list refresh. */
export function useComplimentary(userId: string) {
  const queryClient = useQueryClient();
  const settle = (detail: MemberDetail) => {
    queryClient.setQueryData(['admin', 'member', userId], detail);
    return queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  };
  const grant = useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ComplimentaryGrant; idempotencyKey: string }) =>
      apiFetch<MemberDetail>(`/api/admin/members/${encodeURIComponent(userId)}/complimentary`, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    onSuccess: settle,
  });
  const end = useMutation({
    mutationFn: () =>
      apiFetch<MemberDetail>(`/api/admin/members/${encodeURIComponent(userId)}/complimentary`, { method: 'DELETE' }),
    onSuccess: settle,
  });
  return { grant, end };
}

export const MEMBER_EXPORT_URL = '/api/admin/members/export';

export const useEmailTemplates = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'email-templates'],
      queryFn: () => apiFetch<EmailTemplateList>('/api/admin/email-templates'),
    }),
  );

export function useEmailTemplateActions(key: EmailTemplateKey) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'email-templates'] });
  const path = `/api/admin/email-templates/${key}`;
  return {
    save: useMutation({
      mutationFn: (body: EmailTemplateBody) => apiFetch<EmailTemplate>(path, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: () => apiFetch<EmailTemplate>(path, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    preview: useMutation({
      mutationFn: (body: EmailTemplateBody) => apiFetch<EmailPreview>(`${path}/preview`, { method: 'POST', body }),
    }),
    sendTest: useMutation({
      mutationFn: (body: EmailTemplateBody) => apiFetch<{ ok: true }>(`${path}/test`, { method: 'POST', body }),
    }),
  };
}
