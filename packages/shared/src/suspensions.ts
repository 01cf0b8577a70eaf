import { z } from 'zod';
import { multiLineText } from './text.ts';

/** Suspensions and bans (issue 30). Shared by the server's routes and the Suspend dialog. */

export const SUSPENSION_REASON_MAX = 500;
/** Moderators may suspend for at most this long; longer ones and bans are admins' (issue 30). */
export const MODERATOR_MAX_SUSPENSION_DAYS = 7;
/** Beyond this, "permanent" is what is meant: refuse rather than store a date nobody will reach. */
export const MAX_SUSPENSION_DAYS = 3650;
/** The lengths the dialog offers (days); "custom date" and "permanent" come beside them. */
export const SUSPENSION_PRESET_DAYS = [1, 3, 7, 30] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export const suspensionReasonSchema = multiLineText(
  SUSPENSION_REASON_MAX,
  'Please give a reason: she will see it when she tries to sign in',
  'The reason',
);

/**
 * How long: a number of days counted from the server's clock (so a browser's wrong clock cannot stretch a
 * moderator's 7 days), a date chosen in the dialog, or permanent (admins only).
 */
export const suspensionLengthSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('days'),
      days: z
        .number({ message: 'The number of days must be a whole number' })
        .int('The number of days must be a whole number')
        .min(1, 'A suspension lasts at least 1 day')
        .max(MAX_SUSPENSION_DAYS, `A suspension lasts at most ${MAX_SUSPENSION_DAYS} days; choose permanent instead`),
    }),
    z.object({
      kind: z.literal('until'),
      endsAt: z.iso.datetime({ offset: true, message: 'The end date must be a date and time' }),
    }),
    z.object({ kind: z.literal('permanent') }),
  ],
  { message: 'Choose how long the suspension lasts' },
);
export type SuspensionLength = z.infer<typeof suspensionLengthSchema>;

export const suspendMemberBodySchema = z.object({
  reason: suspensionReasonSchema,
  length: suspensionLengthSchema,
});
export type SuspendMemberBody = z.infer<typeof suspendMemberBodySchema>;

export const suspensionSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  reason: z.string(),
  /** Null: permanent. */
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  liftedAt: z.string().nullable(),
  liftedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Active now: not lifted and not yet over. */
  active: z.boolean(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

export const suspensionHistorySchema = z.object({
  items: z.array(suspensionSchema),
  nextCursor: z.string().nullable(),
});
export type SuspensionHistory = z.infer<typeof suspensionHistorySchema>;

/** The end a length means, from `now`; null for permanent. */
export function suspensionEnd(length: SuspensionLength, now: Date): Date | null {
  if (length.kind === 'permanent') return null;
  if (length.kind === 'days') return new Date(now.getTime() + length.days * DAY_MS);
  return new Date(length.endsAt);
}

/** The latest end a moderator may set, from `now`. */
export const moderatorSuspensionLimit = (now: Date) => new Date(now.getTime() + MODERATOR_MAX_SUSPENSION_DAYS * DAY_MS);

/** The code a refused sign-in carries, so the sign-in page can show the message as a notice of its own. */
export const ACCOUNT_SUSPENDED_CODE = 'ACCOUNT_SUSPENDED';
