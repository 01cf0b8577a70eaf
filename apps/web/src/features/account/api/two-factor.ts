import type { TwoFactorSetup } from '@lunara/shared/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getMeQueryOptions } from '../../auth/api/get-me.ts';

const post = <T>(path: string, body: unknown) => apiFetch<T>(`/api/auth/two-factor/${path}`, { method: 'POST', body });

/**
 * Turning it on starts here: the authenticator URI and the recovery codes (shown once). It is not on until
 * a code from the app is confirmed.
 */
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: (password: string) => post<TwoFactorSetup>('enable', { password }) });

/** Refetches the session afterwards: confirming and turning off replace her session cookie and its state. */
function useSessionChange<TInput, TAnswer>(action: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}

export const useConfirmTwoFactor = () => useSessionChange((code: string) => post<unknown>('verify-totp', { code }));

export const useTurnOffTwoFactor = () => useSessionChange((password: string) => post<unknown>('disable', { password }));

export const useNewRecoveryCodes = () =>
  useMutation({
    mutationFn: (password: string) => post<{ backupCodes: string[] }>('generate-backup-codes', { password }),
  });
