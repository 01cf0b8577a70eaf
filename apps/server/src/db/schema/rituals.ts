import { MOODS, MOON_PHASE_KEYS } from '@lunara/shared/rituals';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';

/** Templates (seeded, visible to all) and members' own rituals (visible to their author only). */
export const rituals = pgTable(
  'rituals',
  {
    id: id(),
    slug: text('slug').unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    instructions: text('instructions').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    category: text('category').notNull(),
    moonPhase: text('moon_phase').notNull(),
    isTemplate: boolean('is_template').notNull().default(false),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** Templates only: removed by an admin. Hidden from the list; members' past completions keep it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Bumped by every admin save: a save carrying an older one is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('rituals_moon_phase_check', t.moonPhase, MOON_PHASE_KEYS),
    check('rituals_duration_positive', sql`${t.durationMinutes} > 0`),
    check(
      'rituals_owner',
      sql`(${t.isTemplate} and ${t.userId} is null) or (not ${t.isTemplate} and ${t.userId} is not null)`,
    ),
    index('rituals_template_phase_idx').on(t.isTemplate, t.moonPhase, t.createdAt),
    index('rituals_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A completion. local_date is the member's own calendar day, so "once per ritual per day" is a
 * unique key rather than a check-then-insert race.
 */
export const dailyRituals = pgTable(
  'daily_rituals',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null once she deletes her own ritual: the completion stays in her journal under `keptTitle`. */
    ritualId: uuid('ritual_id').references(() => rituals.id, { onDelete: 'set null' }),
    /** The ritual's title, copied here when she deletes her own ritual (null while the ritual exists). */
    keptTitle: text('kept_title'),
    moonPhase: text('moon_phase').notNull(),
    notes: text('notes'),
    energyLevel: integer('energy_level').notNull().default(3),
    moodAfter: text('mood_after'),
    streakCount: integer('streak_count').notNull().default(1),
    localDate: date('local_date').notNull(),
    /** The zone local_date was reckoned in (null before migration 0011). */
    timeZone: text('time_zone'),
    /** What it paid: 0 past the daily cap on own rituals. */
    pointsAwarded: integer('points_awarded').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('daily_rituals_once_per_day').on(t.userId, t.ritualId, t.localDate),
    checkIn('daily_rituals_moon_phase_check', t.moonPhase, MOON_PHASE_KEYS),
    check('daily_rituals_energy_range', sql`${t.energyLevel} between 1 and 5`),
    check(
      'daily_rituals_mood_check',
      sql`${t.moodAfter} is null or ${t.moodAfter} in (${sql.raw(MOODS.map((m) => `'${m}'`).join(', '))})`,
    ),
    check('daily_rituals_streak_positive', sql`${t.streakCount} >= 1`),
    index('daily_rituals_user_date_idx').on(t.userId, t.localDate),
    index('daily_rituals_user_completed_idx').on(t.userId, t.completedAt),
    // Her journal filtered by moon phase, newest first.
    index('daily_rituals_user_phase_completed_idx').on(t.userId, t.moonPhase, t.completedAt),
    // Her longest streak: a max over this index instead of a read of her whole history.
    index('daily_rituals_user_streak_idx').on(t.userId, t.streakCount),
    // The admin list's completions per template (a count that must not read every completion).
    index('daily_rituals_ritual_idx').on(t.ritualId),
  ],
);
