import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Where the emailed confirmation link lands: the page that says the address is confirmed (or why not). */
export const CONFIRMATION_LANDING = paths.emailConfirmed.getHref();

export const sendVerificationEmail = (email: string) =>
  apiFetch<unknown>('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: CONFIRMATION_LANDING },
  });

/** A new confirmation link, for a member whose link expired. */
export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
