import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const signOut = () => apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });

/**
 * Signing out reloads the app at the home page: nothing the member saw stays in memory, and no
 * guard of the page being left can race the navigation.
 */
export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    onSuccess: () => window.location.replace(paths.home.getHref()),
  });
