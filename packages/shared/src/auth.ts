import { z } from 'zod';

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

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

/** The display name a new account starts with: the local part of its email. */
export function defaultDisplayName(email: string): string {
  return email.split('@')[0] ?? email;
}

/** Sign-up takes what the form sends; the display name defaults to the email's local part. */
export const signUpBodySchema = credentialsSchema.extend({
  name: z.string().trim().min(1).max(80).optional(),
  callbackURL: z.string().max(2000).optional(),
});

export const signInBodySchema = credentialsSchema.extend({
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().max(2000).optional(),
});

export const requestPasswordResetBodySchema = z.object({
  email: emailSchema,
  redirectTo: z.string().max(2000).optional(),
});

export const resetPasswordBodySchema = z.object({
  newPassword: passwordSchema,
  token: z.string().min(1, 'The reset link is incomplete').max(500),
});

export const sendVerificationEmailBodySchema = z.object({
  email: emailSchema,
  callbackURL: z.string().max(2000).optional(),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH, 'That is not your current password'),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
