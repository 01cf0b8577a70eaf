import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from './billing.ts';
import { optionalMultiLineText, singleLineText } from './text.ts';
import { AVATAR_NOT_UPLOADED } from './urls.ts';

export const updateProfileBodySchema = z.object({
  displayName: singleLineText(80, 'Your display name cannot be empty', 'Your display name'),
  bio: optionalMultiLineText(500, 'Your bio')
    .transform((bio) => bio || null)
    .nullable()
    .optional(),
  // A photo changes only by upload (POST /api/media/avatar) or removal (DELETE /api/me/avatar): a client
  // still sending an address is told so rather than silently ignored.
  avatarUrl: z.never({ message: AVATAR_NOT_UPLOADED }).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const memberStatsSchema = z.object({
  points: z.number().int(),
  level: z.number().int(),
  postsCount: z.number().int(),
  commentsCount: z.number().int(),
  likesReceived: z.number().int(),
  currentStreak: z.number().int(),
  badges: z.array(z.string()),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;

export const profileDetailSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  createdAt: z.string(),
  isMe: z.boolean(),
  stats: memberStatsSchema,
});
export type ProfileDetail = z.infer<typeof profileDetailSchema>;

export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_SIZE = 50;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Points in the period (all time: the total). */
  points: z.number().int(),
  level: z.number().int(),
  badges: z.array(z.string()),
  postsCount: z.number().int(),
  commentsCount: z.number().int(),
  currentStreak: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  entries: z.array(leaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
