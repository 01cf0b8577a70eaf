import { z } from 'zod';
import { cursorSchema } from './params.ts';
import { multiLineText, singleLineText } from './text.ts';

/** Who an announcement is for: every member, paying members (a subscribed membership), or one circle. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'paying', 'circle'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  all: 'All members',
  paying: 'Paying members',
  circle: "One circle's members",
};

/** `off`: not emailed; `sending`: the job is working through the audience; `done`: every member dealt with. */
export const ANNOUNCEMENT_EMAIL_STATUSES = ['off', 'sending', 'done'] as const;
export type AnnouncementEmailStatus = (typeof ANNOUNCEMENT_EMAIL_STATUSES)[number];

/** Why a member got no email: decided per member when the job reaches her. */
export const ANNOUNCEMENT_SKIP_REASONS = ['email_off', 'unsubscribed', 'suspended', 'lapsed', 'deleted'] as const;
export type AnnouncementSkipReason = (typeof ANNOUNCEMENT_SKIP_REASONS)[number];

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 20_000;
/** Pinned announcements shown above the feed, newest first. */
export const PINNED_ANNOUNCEMENTS_SHOWN = 3;
export const ANNOUNCEMENT_PAGE_SIZE = 20;

export const ANNOUNCEMENT_DUPLICATE = 'This announcement was already sent.';
export const CHOOSE_A_CIRCLE = 'Choose the circle whose members should receive it';
export const UNSUBSCRIBE_BAD_TOKEN =
  'This unsubscribe link is not valid. Open the link from the email again, or turn announcement emails off in Settings.';

export const createAnnouncementBodySchema = z
  .object({
    title: singleLineText(ANNOUNCEMENT_TITLE_MAX, 'Give the announcement a title', 'The title'),
    body: multiLineText(ANNOUNCEMENT_BODY_MAX, 'Write the announcement first', 'The announcement'),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { message: 'Choose who the announcement is for' }),
    circleId: z.uuid(CHOOSE_A_CIRCLE).nullish(),
    sendEmail: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'circle' && !value.circleId) {
      ctx.addIssue({ code: 'custom', path: ['circleId'], message: CHOOSE_A_CIRCLE });
    }
    if (value.audience !== 'circle' && value.circleId) {
      ctx.addIssue({ code: 'custom', path: ['circleId'], message: 'A circle is chosen only for a circle audience' });
    }
  });
export type CreateAnnouncementBody = z.input<typeof createAnnouncementBodySchema>;

/** What a member sees pinned above the feed. */
export const pinnedAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type PinnedAnnouncement = z.infer<typeof pinnedAnnouncementSchema>;
export const pinnedAnnouncementListSchema = z.object({ items: z.array(pinnedAnnouncementSchema) });

/** The admin's list: what was sent, to whom, and how far the emails are. */
export const adminAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  circleName: z.string().nullable(),
  authorName: z.string(),
  isPinned: z.boolean(),
  sendEmail: z.boolean(),
  emailStatus: z.enum(ANNOUNCEMENT_EMAIL_STATUSES),
  delivery: z.object({
    /** In the outbox, not delivered yet. */
    queued: z.number().int(),
    /** Delivered (with SMTP), or stored in the local outbox (without it). */
    sent: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  }),
  createdAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export const adminAnnouncementPageSchema = z.object({
  items: z.array(adminAnnouncementSchema),
  nextCursor: z.string().nullable(),
});
export type AdminAnnouncementPage = z.infer<typeof adminAnnouncementPageSchema>;

export const announcementPinBodySchema = z.object({ isPinned: z.boolean() });

export const unsubscribeTokenSchema = z
  .string({ message: UNSUBSCRIBE_BAD_TOKEN })
  .regex(/^[\w-]{1,200}\.[\w-]{43}$/, UNSUBSCRIBE_BAD_TOKEN);
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });
/** What the unsubscribe page shows before the button: whose emails stop (the address partly hidden). */
export const unsubscribeInfoSchema = z.object({
  maskedEmail: z.string(),
  productName: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const announcementCursorQuerySchema = z.object({ cursor: cursorSchema.optional() });
