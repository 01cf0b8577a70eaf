import type { Credentials } from '@lunara/shared/auth';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useSessionMutation } from './use-session-mutation.ts';

export const signUp = (credentials: Credentials) =>
  apiFetch<unknown>('/api/auth/sign-up/email', {
    method: 'POST',
    // Where the emailed confirmation link lands.
    body: { ...credentials, callbackURL: paths.dashboard.getHref() },
  });

export const useSignUp = () => useSessionMutation(signUp);
