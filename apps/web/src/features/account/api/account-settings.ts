import type { AccountSessionList, ChangeEmailBody, PostingRules } from '@lunara/shared/account-settings';
import type { ProfileDetail, UpdateProfileBody } from '@lunara/shared/profiles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { getMeQueryOptions } from '../../auth/api/get-me.ts';

/** Where a new address's confirmation link lands: the confirmation page, in its "email changed" wording. */
export const EMAIL_CHANGE_LANDING = `${paths.emailConfirmed.getHref()}?change=1`;

// Her name and bio (the same schema as the profile dialog; open to every account).
export const updateAccountProfile = (body: UpdateProfileBody) =>
  apiFetch<ProfileDetail>('/api/account/profile', { method: 'PUT', body });

/** Saving refreshes the session (the header's name) and every list showing her name. */
export function useUpdateAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountProfile,
    onSuccess: () =>
      Promise.all(
        ['me', 'profiles', 'posts', 'leaderboard', 'forums', 'conversations'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

export const changeEmail = (body: Omit<ChangeEmailBody, 'callbackURL'>) =>
  apiFetch<{ status: boolean }>('/api/auth/change-email', {
    method: 'POST',
    body: { ...body, callbackURL: EMAIL_CHANGE_LANDING },
  });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}
export const changePassword = (body: ChangePasswordInput) =>
  apiFetch<unknown>('/api/auth/change-password', { method: 'POST', body });

/** Signing the other devices out gives this one a new session cookie: the session and the list are read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
      ]),
  });
}

export const accountSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: () => apiFetch<AccountSessionList>('/api/account/sessions'),
  });
export const useAccountSessions = () => useQuery(accountSessionsQueryOptions());

function useSessionsChange<T>(action: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
  });
}
export const useRevokeSession = () =>
  useSessionsChange((sessionId: string) =>
    apiFetch<unknown>(`/api/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
  );
export const useRevokeOtherSessions = () =>
  useSessionsChange(() => apiFetch<unknown>('/api/auth/revoke-other-sessions', { method: 'POST', body: {} }));

export const postingRulesQueryOptions = () =>
  queryOptions({ queryKey: ['posting-rules'], queryFn: () => apiFetch<PostingRules>('/api/posting-rules') });
export const usePostingRules = (enabled = true) => useQuery({ ...postingRulesQueryOptions(), enabled });

export function useSetPostingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostingRules) => apiFetch<PostingRules>('/api/admin/posting-rules', { method: 'PUT', body }),
    onSuccess: (rules) => {
      queryClient.setQueryData(postingRulesQueryOptions().queryKey, rules);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
