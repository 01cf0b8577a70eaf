import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * This browser's pushes stop first (the server forgets it while her session still proves who asks): a
 * shared computer she signed out of must not show her messages. A failure there never keeps her signed in.
 * The push code downloads then: the sign-out button is on the landing page and every member header.
 */
export const signOut = async () => {
  await import('../../notifications/lib/web-push.ts')
    .then(({ unsubscribeThisDevice }) => unsubscribeThisDevice())
    .catch(() => undefined);
  return apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
};

/**
 * Signing out reloads the app at the home page: nothing the member saw stays in memory, and no
 * guard of the page being left can race the navigation.
 */
export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    onSuccess: () => window.location.replace(paths.home.getHref()),
  });
