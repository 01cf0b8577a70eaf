import { z } from 'zod';
import { emailSchema, PASSWORD_MAX_LENGTH } from './auth.ts';
import { memberIdSchema } from './params.ts';
import { returnAddressSchema } from './urls.ts';

/**
 * Account settings (issue 30): changing the sign-in email, the sessions she is signed in with, and the
 * owner's "verified email before posting" rule.
 */

/** Email changes one member may ask for per window (each sends a link to the new address and a notice to the old). */
export const EMAIL_CHANGES_PER_WINDOW = { max: 5, minutes: 60 } as const;

/** `POST /api/auth/change-email`: the new address, confirmed by a link sent there; her password proves it is her. */
export const changeEmailBodySchema = z.object({
  newEmail: emailSchema,
  currentPassword: z
    .string({ message: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH, 'That is not your current password'),
  callbackURL: returnAddressSchema.optional(),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** The most sessions the list shows (newest activity first); a member rarely has more than a handful. */
export const SESSION_LIST_LIMIT = 50;

/** One place she is signed in. The token never leaves the server; the address is shown in part only. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Firefox on Windows", from the user agent; null when it said nothing recognisable. */
  device: z.string().nullable(),
  /** The first part of the address (`203.0.113.x`, `2001:db8:85a3:x`): enough to recognise, not to locate. */
  approximateAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const sessionParamsSchema = z.object({ sessionId: memberIdSchema('Unknown session') });

/** The message a create answers with (403) while the owner requires a confirmed email and hers is not. */
export const VERIFY_EMAIL_TO_POST_MESSAGE = 'Confirm your email to post: we sent you a link';
export const VERIFY_EMAIL_TO_POST_CODE = 'EMAIL_NOT_VERIFIED';

export const postingRulesSchema = z.object({ requireVerifiedEmail: z.boolean() });
export type PostingRules = z.infer<typeof postingRulesSchema>;
export const postingRulesBodySchema = z.object({
  requireVerifiedEmail: z.boolean({ message: 'Say whether a confirmed email is required' }),
});
