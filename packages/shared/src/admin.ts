import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from './billing.ts';
import { circleSchema, eventFields, eventVisibilityField, withEventPlaceRules } from './circles.ts';
import { CIRCLE_TYPES } from './community.ts';
import { pageOf, postSchema } from './feed.ts';
import { cursorSchema } from './params.ts';
import { ROLES } from './roles.ts';
import { multiLineText, optionalSingleLineText, singleLineText } from './text.ts';

export const ADMIN_PAGE_SIZE = 50;

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeSubscribers: z.number().int(),
  totalPosts: z.number().int(),
  totalComments: z.number().int(),
  totalForumTopics: z.number().int(),
  activeCircles: z.number().int(),
  upcomingEvents: z.number().int(),
  unreadNotifications: z.number().int(),
  pendingCircleRequests: z.number().int(),
  subscriptionRate: z.number().int(),
  engagementScore: z.number().int(),
  communityActivity: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The spec's Platform Health formulas; 0% with no users. */
export function platformHealth(stats: {
  totalUsers: number;
  activeSubscribers: number;
  totalPosts: number;
  totalComments: number;
  activeCircles: number;
  upcomingEvents: number;
}) {
  const users = stats.totalUsers;
  return {
    subscriptionRate: users === 0 ? 0 : Math.round((stats.activeSubscribers / users) * 100),
    engagementScore: users === 0 ? 0 : Math.round(((stats.totalPosts + stats.totalComments) / users) * 10),
    communityActivity: stats.activeCircles + stats.upcomingEvents,
  };
}

export const adminUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** Admins only (the route's guard): moderators never see members' addresses (issue 33). */
  email: z.string(),
  role: z.enum(ROLES),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  bio: z.string().nullable(),
  createdAt: z.string(),
  /** Her suspension in force now (issue 30); null when she is not suspended. `endsAt` null: permanent. */
  suspension: z.object({ endsAt: z.string().nullable(), reason: z.string() }).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;
export const adminUserQuerySchema = z.object({
  search: optionalSingleLineText(100, 'The search').optional(),
  role: z.enum(ROLES).optional(),
  cursor: cursorSchema.optional(),
});

export const adminPostSchema = postSchema
  .pick({
    id: true,
    title: true,
    content: true,
    category: true,
    isPinned: true,
    likesCount: true,
    commentsCount: true,
    createdAt: true,
  })
  .extend({ authorName: z.string() });
export const adminCommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  content: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export const adminTopicSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  repliesCount: z.number().int(),
  viewsCount: z.number().int(),
  authorName: z.string(),
  createdAt: z.string(),
});
export const adminContentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('posts'),
    total: z.number().int(),
    items: z.array(adminPostSchema),
    nextCursor: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('comments'),
    total: z.number().int(),
    items: z.array(adminCommentSchema),
    nextCursor: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('topics'),
    total: z.number().int(),
    items: z.array(adminTopicSchema),
    nextCursor: z.string().nullable(),
  }),
]);
export type AdminContent = z.infer<typeof adminContentSchema>;
export const CONTENT_KINDS = ['posts', 'comments', 'topics'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What was acted on, by name: the post's or topic's title, the member's or circle's name (null once gone). */
  targetName: z.string().nullable(),
  /** The member concerned beside it: whose join request, whose deleted post or comment. */
  memberName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

export const eventBodySchema = withEventPlaceRules(
  z.object({
    circleId: z.uuid('Choose a circle'),
    ...eventFields,
    /** A circle-only event is seen, and answered, by the circle's members alone (and staff). */
    visibility: eventVisibilityField(),
  }),
);
export type EventBody = z.infer<typeof eventBodySchema>;

export const circleBodySchema = z.object({
  name: singleLineText(120, 'Give the circle a name', 'The name'),
  description: multiLineText(2000, 'Describe the circle', 'The description'),
  type: z.enum(CIRCLE_TYPES, { message: 'Choose a circle type' }),
  focusArea: singleLineText(120, 'Name the focus area', 'The focus area'),
  maxMembers: z.number().int().min(1, 'Capacity must be at least 1').max(10_000),
  isActive: z.boolean().default(true),
});
export type CircleBody = z.input<typeof circleBodySchema>;

export const adminSettingsSchema = z.object({
  version: z.string(),
  database: z.enum(['embedded', 'postgres']),
  billingProvider: z.enum(['test', 'stripe']),
  emailDelivery: z.enum(['smtp', 'outbox']),
  registrationEnabled: z.boolean(),
  emailVerification: z.literal('optional'),
  passwordMinLength: z.number().int(),
  authRateLimitPerMinute: z.number().int(),
  /** Unsafe things this deployment runs with (test billing in production, an end-of-life Node.js). */
  warnings: z.array(z.string()),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const adminCircleSchema = circleSchema
  .pick({ id: true, name: true, description: true, type: true, focusArea: true, maxMembers: true })
  .extend({ isActive: z.boolean() });
export type AdminCircle = z.infer<typeof adminCircleSchema>;
export const adminCircleListSchema = z.object({ circles: z.array(adminCircleSchema) });
