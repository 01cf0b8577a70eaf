import { EVENT_REMINDER_KINDS } from '@lunara/shared/calendar';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { circleEvents } from './circles.ts';
import { checkIn, createdAt } from './columns.ts';

/**
 * The reminders sent (issue 32): one row per event, member, kind and start time, inserted in the same
 * transaction as her notification and email. The primary key is the claim: a second process (or a rerun
 * after a restart) finds the row and sends nothing. The start time is part of the key so that an event
 * moved to another time reminds her again, of the new time.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => circleEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventStart: timestamp('event_start', { withTimezone: true }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'event_reminders_pkey', columns: [t.eventId, t.userId, t.kind, t.eventStart] }),
    checkIn('event_reminders_kind_check', t.kind, EVENT_REMINDER_KINDS),
    // Deleting an account deletes her rows by this index.
    index('event_reminders_user_idx').on(t.userId),
    // The clean-up of keys for starts long past (deletePastReminderKeys) reads the oldest first.
    index('event_reminders_start_idx').on(t.eventStart),
  ],
);

/**
 * A member's private calendar subscription: only the SHA-256 of its token is kept, so the link is shown
 * once (when turned on or reset); a new token replaces the row's hash and the old link stops at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_unique'),
  createdAt: createdAt(),
});
