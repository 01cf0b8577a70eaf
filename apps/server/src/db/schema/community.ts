import { POST_CATEGORY_KEYS } from '@lunara/shared/community';
import { POINT_REASONS } from '@lunara/shared/points';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { circles } from './circles.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';
import { searchVector } from './search-vector.ts';

export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull().default('general'),
    isPinned: boolean('is_pinned').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** Community search's words (generated; modules/search). */
    search: searchVector({ A: 'title', B: 'content' }),
    /** Set while enough members' reports hide it until a moderator reviews it (modules/moderation). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When its author last changed its words (the "Edited" mark); earlier versions are in content_revisions. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Posted in a circle: only its members (and staff) see it, never the main feed. Null: the main feed. */
    circleId: uuid('circle_id').references((): AnyPgColumn => circles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('posts_category_check', t.category, POST_CATEGORY_KEYS),
    check('posts_title_not_blank', sql`char_length(btrim(${t.title})) > 0`),
    check('posts_content_not_blank', sql`char_length(btrim(${t.content})) > 0`),
    check('posts_likes_count_non_negative', sql`${t.likesCount} >= 0`),
    check('posts_comments_count_non_negative', sql`${t.commentsCount} >= 0`),
    // The main feed (no circle's posts): pinned first, then newest, keyset-paged on (created_at, id).
    index('posts_feed_idx')
      .on(t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.circleId} is null`),
    // A circle's feed, and "from your circles" (one range per circle of hers).
    index('posts_circle_feed_idx')
      .on(t.circleId, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.circleId} is not null`),
    index('posts_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('posts_search_idx').using('gin', t.search),
  ],
);

/** One like per member and post. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId, t.postId)],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Community search's words (generated; modules/search). */
    search: searchVector({ B: 'content' }),
    /** Set while enough members' reports hide it until a moderator reviews it (modules/moderation). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When its author last changed its words (the "Edited" mark). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('post_comments_content_not_blank', sql`char_length(btrim(${t.content})) > 0`),
    index('post_comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('post_comments_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('post_comments_user_idx').on(t.userId),
    index('post_comments_search_idx').using('gin', t.search),
  ],
);

/** Totals per member, kept consistent with the ledger in the same transaction as each award. */
export const userPoints = pgTable(
  'user_points',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    postsCount: integer('posts_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    likesReceived: integer('likes_received').notNull().default(0),
    currentStreak: integer('current_streak').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
    lastActiveOn: date('last_active_on'),
    level: integer('level').notNull().default(1),
    badges: text('badges').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_points_level_positive', sql`${t.level} >= 1`),
    check(
      'user_points_counts_non_negative',
      sql`${t.postsCount} >= 0 and ${t.commentsCount} >= 0 and ${t.likesReceived} >= 0 and ${t.currentStreak} >= 0`,
    ),
    index('user_points_leaderboard_idx').on(t.points.desc().nullsFirst(), t.userId),
  ],
);

/** Every award once: the idempotency key makes a retry or a double click pay nothing twice. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    checkIn('points_ledger_reason_check', t.reason, POINT_REASONS),
    // Period leaderboards sum a time window, then group by member.
    index('points_ledger_created_at_idx').on(t.createdAt, t.userId),
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Each member's points per week (from Monday, UTC) and per month, kept by a trigger on the ledger
 * (migration 0005), so a period leaderboard reads its top 50 from an index instead of summing the ledger.
 */
export const pointsPeriodTotals = pgTable(
  'points_period_totals',
  {
    period: text('period').notNull(),
    periodStart: date('period_start').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.periodStart, t.userId] }),
    check('points_period_totals_period_check', sql`${t.period} in ('week', 'month')`),
    index('points_period_totals_rank_idx').on(t.period, t.periodStart, t.points.desc().nullsFirst(), t.userId),
  ],
);
