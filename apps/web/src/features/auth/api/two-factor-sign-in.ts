import { apiFetch } from '../../../lib/api-client.ts';
import { useSessionMutation } from './use-session-mutation.ts';

export interface TwoFactorSignIn {
  method: 'app' | 'recovery';
  code: string;
  /** Skip the code on this browser for 30 days. */
  trustDevice: boolean;
}

/** The second step of signing in: the short two-factor cookie from the password step says who she is. */
export const completeTwoFactorSignIn = ({ method, code, trustDevice }: TwoFactorSignIn) =>
  apiFetch<unknown>(`/api/auth/two-factor/${method === 'app' ? 'verify-totp' : 'verify-backup-code'}`, {
    method: 'POST',
    body: { code, trustDevice },
  });

export const useCompleteTwoFactorSignIn = () => useSessionMutation(completeTwoFactorSignIn);
