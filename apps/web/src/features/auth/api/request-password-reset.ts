import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const requestPasswordReset = (email: string) =>
  apiFetch<unknown>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: `${window.location.origin}${paths.resetPassword.getHref()}` },
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
