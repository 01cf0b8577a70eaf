import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_EMAIL_STATUSES,
  ANNOUNCEMENT_SKIP_REASONS,
} from '@lunara/shared/announcements';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { circles } from './circles.ts';
import { checkIn, createdAt, id } from './columns.ts';
import { outbox } from './operations.ts';

/**
 * The owner's announcements (issue 33): pinned above the feed for their audience and, when asked,
 * emailed by the "announcement emails" job, which walks the audience in user-id order from
 * `email_cursor` (kept here, so a restart resumes where the last committed batch ended).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience').notNull(),
    circleId: uuid('circle_id').references(() => circles.id, { onDelete: 'cascade' }),
    /** SHA-256 of title and body: the same admin posting the same words twice within minutes is refused. */
    contentHash: text('content_hash').notNull(),
    isPinned: boolean('is_pinned').notNull().default(true),
    sendEmail: boolean('send_email').notNull(),
    emailStatus: text('email_status').notNull(),
    /** The last member (user id) the job dealt with; null before the first batch. */
    emailCursor: text('email_cursor'),
    emailQueued: integer('email_queued').notNull().default(0),
    emailSkipped: integer('email_skipped').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('announcements_audience_check', t.audience, ANNOUNCEMENT_AUDIENCES),
    checkIn('announcements_email_status_check', t.emailStatus, ANNOUNCEMENT_EMAIL_STATUSES),
    check('announcements_circle_check', sql`(${t.audience} = 'circle') = (${t.circleId} is not null)`),
    check('announcements_email_check', sql`${t.sendEmail} or ${t.emailStatus} = 'off'`),
    // The admin's list, keyset-paged newest first.
    index('announcements_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The pinned card above the feed reads only pinned ones, newest first.
    index('announcements_pinned_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPinned}`),
    // The job finds announcements still being emailed.
    index('announcements_sending_idx').on(t.createdAt).where(sql`${t.emailStatus} = 'sending'`),
    // The duplicate guard.
    index('announcements_author_hash_idx').on(t.authorId, t.contentHash, t.createdAt),
  ],
);

/**
 * One row per announcement and member the email job dealt with, inserted in the same transaction as
 * her outbox row: the primary key is the once-only claim, whatever process or rerun gets there.
 */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null when skipped; set null if the outbox row is ever deleted. */
    outboxId: uuid('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    skipReason: text('skip_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'announcement_deliveries_pkey', columns: [t.announcementId, t.userId] }),
    checkIn('announcement_deliveries_skip_reason_check', t.skipReason, ANNOUNCEMENT_SKIP_REASONS),
    // Deleting an account deletes her rows by this index.
    index('announcement_deliveries_user_idx').on(t.userId),
  ],
);

/** A member closed the pinned card: it stays out of her feed. */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'announcement_dismissals_pkey', columns: [t.userId, t.announcementId] }),
    index('announcement_dismissals_announcement_idx').on(t.announcementId),
  ],
);
