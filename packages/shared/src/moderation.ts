import { z } from 'zod';
import { contentRevisionSchema } from './editing.ts';
import { MEMBER_ID_PATTERN } from './params.ts';
import { multiLineText, optionalMultiLineText } from './text.ts';

/**
 * Reports and the moderation queue (issue 30). A member reports what she can see; reports about one
 * thing gather into one open case; when enough distinct members have reported it, the content is hidden
 * from everyone but its author and staff until a moderator reviews the case.
 */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'topic', 'reply', 'message', 'profile'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What hiding applies to: messages and profiles are reviewed, never hidden (a conversation stays whole). */
export const HIDEABLE_TARGET_TYPES = ['post', 'comment', 'topic', 'reply'] as const satisfies ReportTargetType[];

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'self_harm', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate or discrimination',
  self_harm: 'Self-harm or someone at risk',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 1000;
export const WARNING_MESSAGE_MAX = 1000;
/** How many distinct members' reports hide content until it is reviewed (admins change it). */
export const DEFAULT_HIDE_THRESHOLD = 3;
export const HIDE_THRESHOLD_MAX = 50;
export const MODERATION_PAGE_SIZE = 20;
/** Reports shown per case: the count says how many there are in all. */
export const CASE_REPORTS_SHOWN = 20;

export const CASE_STATUSES = ['open', 'dismissed', 'deleted', 'warned', 'suspended'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const HIDDEN_FOR_REVIEW = 'Hidden while a moderator reviews it';
export const ALREADY_REPORTED = 'You have already reported this. Thank you: a moderator will look at it.';
export const REPORT_RECEIVED = 'Thank you for telling us. A moderator will look at it soon.';
export const CASE_ALREADY_HANDLED = 'Another moderator has already dealt with this report: refresh the queue';
export const CANNOT_REPORT_SELF = 'You cannot report your own posts, messages or profile';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const reportBodySchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { message: 'Choose what you are reporting' }),
    targetId: z.string({ message: 'Say which item you are reporting' }).max(100, 'Unknown item'),
    reason: z.enum(REPORT_REASONS, { message: 'Choose a reason' }),
    note: optionalMultiLineText(REPORT_NOTE_MAX, 'The note').optional(),
  })
  .superRefine((body, ctx) => {
    const valid = body.targetType === 'profile' ? MEMBER_ID_PATTERN.test(body.targetId) : UUID.test(body.targetId);
    if (!valid) ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Unknown item' });
    if (body.reason === 'other' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Tell us a little about what is wrong' });
    }
  });
export type ReportBody = z.input<typeof reportBodySchema>;

export const reportResponseSchema = z.object({
  status: z.enum(['reported', 'already_reported']),
  message: z.string(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

const memberSchema = z.object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });

export const caseContextMessageSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  content: z.string(),
  createdAt: z.string(),
  isReported: z.boolean(),
});

export const moderationCaseSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  status: z.enum(CASE_STATUSES),
  reportersCount: z.number().int(),
  hidden: z.boolean(),
  createdAt: z.string(),
  lastReportedAt: z.string(),
  /** How many reports gave each reason. */
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** The latest reports; the reporter is null when the viewer is the content's author (never her reporters). */
  reports: z.array(
    z.object({
      reporter: memberSchema.nullable(),
      reason: z.enum(REPORT_REASONS),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  author: memberSchema.nullable(),
  /** The content as it is now; null once it is gone (deleted by its author, or her account). */
  content: z
    .object({
      title: z.string().nullable(),
      body: z.string(),
      createdAt: z.string().nullable(),
      /** Where it lives in the app (a post's page, a topic), null for a message. */
      link: z.string().nullable(),
      /** What its author wrote before her edits, newest first (at most CASE_REVISIONS_SHOWN). */
      revisions: z.array(contentRevisionSchema),
    })
    .nullable(),
  /** The post of a comment, the topic of a reply, the conversation around a message. */
  context: z
    .object({
      title: z.string().nullable(),
      link: z.string().nullable(),
      messages: z.array(caseContextMessageSchema),
    })
    .nullable(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

export const moderationCasePageSchema = z.object({
  items: z.array(moderationCaseSchema),
  nextCursor: z.string().nullable(),
});
export type ModerationCasePage = z.infer<typeof moderationCasePageSchema>;

export const warnBodySchema = z.object({
  message: multiLineText(WARNING_MESSAGE_MAX, 'Write the message she will receive', 'The message'),
  deleteContent: z.boolean().optional(),
});
export type WarnBody = z.input<typeof warnBodySchema>;

export const suspendBodySchema = z.object({
  reason: multiLineText(WARNING_MESSAGE_MAX, 'Give the reason she will see', 'The reason'),
  /** Days, or null for a permanent suspension (admins only; moderators may suspend up to 7 days). */
  days: z
    .number({ message: 'Choose how long' })
    .int('Choose a whole number of days')
    .min(1, 'At least one day')
    .max(3650, 'At most ten years: choose permanent instead')
    .nullable(),
  deleteContent: z.boolean().optional(),
});
export type SuspendBody = z.input<typeof suspendBodySchema>;

export const caseActionResponseSchema = z.object({ status: z.enum(CASE_STATUSES), message: z.string() });

export const moderationSettingsSchema = z.object({
  hideThreshold: z
    .number({ message: 'Choose a number of members' })
    .int('Choose a whole number')
    .min(1, 'At least one member')
    .max(HIDE_THRESHOLD_MAX, `At most ${HIDE_THRESHOLD_MAX} members`),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;
