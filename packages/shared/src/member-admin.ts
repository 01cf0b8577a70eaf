import { z } from 'zod';
import { BILLING_PROVIDERS, PLAN_INTERVALS, SUBSCRIPTION_STATUSES } from './billing.ts';
import { ROLES } from './roles.ts';

/** The product id of a membership an admin granted (provider `complimentary`, issue 33). */
export const COMPLIMENTARY_PRODUCT_ID = 'complimentary';
export const COMPLIMENTARY_MONTHS_MAX = 24;
/** How many reports and audit entries a member's detail shows (newest first). */
export const MEMBER_DETAIL_LIST_SIZE = 20;

export const COMPLIMENTARY_END_REQUIRED = 'Choose how many months (1 to 24) or an end date';
export const COMPLIMENTARY_END_TOO_FAR = 'A complimentary membership lasts at most 24 months';
export const COMPLIMENTARY_END_PAST = 'The end date must be in the future';

/** Grant: a number of months (1-24) or an end date (tomorrow at the earliest, 24 months at most). */
export const complimentaryGrantSchema = z
  .object({
    months: z
      .number({ message: COMPLIMENTARY_END_REQUIRED })
      .int(COMPLIMENTARY_END_REQUIRED)
      .min(1, COMPLIMENTARY_END_REQUIRED)
      .max(COMPLIMENTARY_MONTHS_MAX, COMPLIMENTARY_END_TOO_FAR)
      .optional(),
    until: z.iso.datetime({ offset: true, message: 'The end date is not a valid date' }).optional(),
  })
  .refine((body) => (body.months === undefined) !== (body.until === undefined), {
    message: COMPLIMENTARY_END_REQUIRED,
  });
export type ComplimentaryGrant = z.infer<typeof complimentaryGrantSchema>;

export const memberMembershipSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  productId: z.string(),
  planInterval: z.enum(PLAN_INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Whether it gives access now (active, trialing or past due, and not past a period that ends). */
  subscribed: z.boolean(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  pausedUntil: z.string().nullable(),
  complimentary: z.boolean(),
  amountCents: z.number().int().nullable(),
});
export type MemberMembership = z.infer<typeof memberMembershipSchema>;

export const memberDetailSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  joinedAt: z.string(),
  /** The newest subscription row (any status), or null if she never had one. */
  membership: memberMembershipSchema.nullable(),
  activity: z.object({
    lastActiveOn: z.string().nullable(),
    postsCount: z.number().int(),
    commentsCount: z.number().int(),
  }),
  points: z.number().int(),
  level: z.number().int(),
  suspension: z.object({ endsAt: z.string().nullable(), reason: z.string() }).nullable(),
  /** Reports about her content or profile, newest first (MEMBER_DETAIL_LIST_SIZE at most). */
  reports: z.array(
    z.object({
      caseId: z.string(),
      targetType: z.string(),
      status: z.string(),
      reportersCount: z.number().int(),
      lastReportedAt: z.string(),
    }),
  ),
  reportsTotal: z.number().int(),
  /** Audit entries about her, newest first (MEMBER_DETAIL_LIST_SIZE at most). */
  audit: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      actorName: z.string(),
      details: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const MEMBER_EXPORT_COLUMNS = [
  'name',
  'email',
  'joined',
  'membership status',
  'plan',
  'points',
  'level',
] as const;
