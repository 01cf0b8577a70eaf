import { apiFetch } from '../../../lib/api-client.ts';
import { useSessionMutation } from './use-session-mutation.ts';

export const signOut = () => apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });

export const useSignOut = () => useSessionMutation(signOut);
