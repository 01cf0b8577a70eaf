import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, id } from './columns.ts';

/** Open type set on purpose: the spec shows unknown types with a generic icon. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    /** When the email digest dealt with it (sent, or skipped because email is off); null while pending. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** One notification per key and recipient (a like per liker and post): toggling does not ping again. */
    collapseKey: text('collapse_key'),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.read} = false`),
    uniqueIndex('notifications_user_collapse_key_idx').on(t.userId, t.collapseKey),
    index('notifications_email_pending_idx').on(t.createdAt).where(sql`${t.emailedAt} is null`),
  ],
);

/** One row per member; every flag starts true (spec section 9). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  emailEnabled: boolean('email_enabled').notNull().default(true),
  pushEnabled: boolean('push_enabled').notNull().default(true),
  messageNotifications: boolean('message_notifications').notNull().default(true),
  eventNotifications: boolean('event_notifications').notNull().default(true),
  circleNotifications: boolean('circle_notifications').notNull().default(true),
  forumNotifications: boolean('forum_notifications').notNull().default(true),
  mentionNotifications: boolean('mention_notifications').notNull().default(true),
  /** The owner's announcements by email (one-click unsubscribe turns it off; Settings turns it back on). */
  announcementEmails: boolean('announcement_emails').notNull().default(true),
  /** The last email digest: at most one every few minutes. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
