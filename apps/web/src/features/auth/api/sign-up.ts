import type { SignUpForm } from '@lunara/shared/auth';
import { apiFetch } from '../../../lib/api-client.ts';
import { CONFIRMATION_LANDING } from './send-verification-email.ts';
import { useSessionMutation } from './use-session-mutation.ts';

/** The server answers an address that already has an account like a new one, but starts no session. */
export interface SignUpAnswer {
  token: string | null;
}

export const signUp = (credentials: SignUpForm) =>
  apiFetch<SignUpAnswer | null>('/api/auth/sign-up/email', {
    method: 'POST',
    // Where the emailed confirmation link lands: a page that says the address is confirmed.
    body: { ...credentials, callbackURL: CONFIRMATION_LANDING },
  });

/** Signed in at once (a new account), or sent to her inbox (the address already had one: its owner was emailed). */
export const signUpOutcome = (answer: SignUpAnswer | null): 'signed-in' | 'check-email' =>
  answer?.token ? 'signed-in' : 'check-email';

export const useSignUp = () => useSessionMutation(signUp);
