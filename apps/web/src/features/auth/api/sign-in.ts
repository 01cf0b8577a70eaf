import type { Credentials } from '@lunara/shared/auth';
import { apiFetch } from '../../../lib/api-client.ts';
import { useSessionMutation } from './use-session-mutation.ts';

export const signIn = (credentials: Credentials) =>
  apiFetch<unknown>('/api/auth/sign-in/email', { method: 'POST', body: credentials });

export const useSignIn = () => useSessionMutation(signIn);
