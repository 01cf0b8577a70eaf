import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const resetPassword = (input: { token: string; newPassword: string }) =>
  apiFetch<unknown>('/api/auth/reset-password', { method: 'POST', body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
