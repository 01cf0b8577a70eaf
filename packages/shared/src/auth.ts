import { z } from 'zod';
import { opaqueText, singleLineText } from './text.ts';
import { returnAddressSchema } from './urls.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address');

export const passwordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Refused where a password is chosen (sign-up, reset, change); signing in still takes an older one. */
export const PASSWORD_BLANK_MESSAGE = 'Password cannot be only spaces';

/** A password being chosen: as any password, and not only spaces (or other blank characters). */
export const newPasswordSchema = passwordSchema.refine((password) => password.trim() !== '', PASSWORD_BLANK_MESSAGE);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

/** The sign-up form's fields: credentials with a password being chosen. */
export const signUpCredentialsSchema = credentialsSchema.extend({ password: newPasswordSchema });

/** The display name a new account starts with: the local part of its email. */
export function defaultDisplayName(email: string): string {
  return email.split('@')[0] ?? email;
}

/** The name she gives at sign-up: her display name, on her certificates and in the welcome. */
export const signUpNameSchema = singleLineText(80, 'Enter your name', 'Your name');

/** The sign-up form's fields: her name, and credentials with a password being chosen. */
export const signUpFormSchema = signUpCredentialsSchema.extend({ name: signUpNameSchema });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** Sign-up takes what the form sends; the name is required (a blank or invisible one is refused). */
export const signUpBodySchema = signUpFormSchema.extend({
  callbackURL: returnAddressSchema.optional(),
});

export const signInBodySchema = credentialsSchema.extend({
  rememberMe: z.boolean().optional(),
  callbackURL: returnAddressSchema.optional(),
});

export const requestPasswordResetBodySchema = z.object({
  email: emailSchema,
  redirectTo: returnAddressSchema.optional(),
});

export const resetPasswordBodySchema = z.object({
  newPassword: newPasswordSchema,
  token: opaqueText(500, 'The reset link').pipe(z.string().min(1, 'The reset link is incomplete')),
});

export const sendVerificationEmailBodySchema = z.object({
  email: emailSchema,
  callbackURL: returnAddressSchema.optional(),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH, 'That is not your current password'),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

/** Emails one auth endpoint sends to one address per hour, whoever asks for them. */
export const EMAILS_PER_ADDRESS_PER_HOUR = 5;
/** Password changes (right or wrong current password) one member may try per window. */
export const PASSWORD_CHANGES_PER_WINDOW = { max: 5, minutes: 15 } as const;
/** Failed sign-ins one account allows per window, from any number of clients, before it waits. */
export const SIGN_IN_FAILURES_PER_ACCOUNT = { max: 10, minutes: 15 } as const;
