import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from './billing.ts';
import { roleSchema } from './roles.ts';
import { themeChoiceSchema } from './theme-schemas.ts';

export const profileSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The signed-in member as the browser sees them; `null` for a visitor. */
export const meResponseSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      /** Two-factor authentication is on for her account. */
      twoFactorEnabled: z.boolean(),
      role: roleSchema,
      profile: profileSchema,
      /** Light, dark or the device's setting (issue 32), saved on her profile. */
      theme: themeChoiceSchema,
    })
    .nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
export type CurrentUser = NonNullable<MeResponse['user']>;
