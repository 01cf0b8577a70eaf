import { bigint, boolean, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * The owner's analytics (issue 33): one row per day, metric and dimension (a course, a lesson, a moon
 * phase, a cancellation reason; '' for none), written by the analytics job (modules/analytics). A day's
 * rows are replaced whole each time the day is computed, so a rerun gives the same numbers.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day').notNull(),
    metric: text('metric').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [
    // Reads ask for some metrics over a range of days (and one course's lessons over all days).
    primaryKey({ columns: [t.metric, t.dimension, t.day] }),
    // The job replaces one day's rows.
    index('analytics_daily_day_idx').on(t.day),
  ],
);

/**
 * Which days the job has computed: `final` once it computed the day after it ended (today is computed
 * again on every tick until then).
 */
export const analyticsDays = pgTable('analytics_days', {
  day: date('day').primaryKey(),
  final: boolean('final').notNull().default(false),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The days on which a member used the app while signed in (daily and weekly active members). */
export const analyticsMemberDays = pgTable(
  'analytics_member_days',
  {
    day: date('day').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId] }),
    // Her export and the cascade of her account's deletion.
    index('analytics_member_days_user_idx').on(t.userId, t.day),
  ],
);
