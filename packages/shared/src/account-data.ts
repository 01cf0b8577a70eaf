import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';

/**
 * "Export my data" and "Delete my account" (issue 30). An export is prepared by a job, kept for
 * EXPORT_KEEP_DAYS, and downloaded by its owner alone; deletion is irreversible.
 */
export const EXPORT_KEEP_DAYS = 7;
/** Exports a member may ask for in a day (each reads everything she has). */
export const EXPORTS_PER_DAY = 3;
/** Deletion attempts (password checks) per member and hour. */
export const DELETE_ATTEMPTS_PER_HOUR = 5;
/** The name content kept after a deletion is shown under. */
export const FORMER_MEMBER_NAME = 'Former member';
/** What she types to confirm. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const EXPORT_IN_PROGRESS = 'Your export is being prepared: we will tell you when it is ready';
export const EXPORT_DAILY_LIMIT = `You can ask for ${EXPORTS_PER_DAY} exports a day: please try again tomorrow`;
export const DELETE_WRONG_PASSWORD = 'That password is not right';
export const DELETE_LAST_ADMIN = 'You are the only admin: make another member an admin before you delete your account';
export const DELETE_BILLING_FAILED =
  'We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.';
export const DELETE_NO_PASSWORD =
  'Your account has no password yet: set one with "Forgot password" on the sign-in page, then come back';

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** When the download stops working (ready exports only). */
  expiresAt: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  /** Relative URL of the download (ready and unexpired only). */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportStateSchema = z.object({
  /** Her most recent export, if any (ready ones until they expire). */
  latest: dataExportSchema.nullable(),
  /** How many more she may ask for today. */
  remainingToday: z.number().int(),
});
export type DataExportState = z.infer<typeof dataExportStateSchema>;

export const deleteAccountBodySchema = z.object({
  // Not trimmed or normalised: a password is compared as she typed it. Control and direction characters
  // cannot be typed into the form, so they are refused before a password check is spent on them.
  password: z
    .string({ message: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH, DELETE_WRONG_PASSWORD)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    .refine((text) => !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text), DELETE_WRONG_PASSWORD),
  /** true: her posts, comments, topics and replies stay, shown as "Former member"; false: they are deleted. */
  keepContent: z.boolean({ message: 'Choose what happens to your posts' }),
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, { message: `Type ${DELETE_CONFIRMATION_WORD} to confirm` }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
