import { DATA_EXPORT_STATUSES } from '@lunara/shared/account-data';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, id } from './columns.ts';

/**
 * "Export my data" (issue 30): one row per request. A job claims pending rows with SKIP LOCKED, writes
 * the zip to the media store under `{id}/lunara-data.zip` and marks it ready for EXPORT_KEEP_DAYS; an
 * expired row (or her account going) queues the prefix in media_deletions.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The job's claims: a claim moves this on, so a process that died mid-way lets another retry later. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    byteSize: bigint('byte_size', { mode: 'number' }),
  },
  (t) => [
    checkIn('data_exports_status_check', t.status, DATA_EXPORT_STATUSES),
    // One export at a time: two requests racing leave one pending row (the second gets a 409).
    uniqueIndex('data_exports_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    // Her latest export and the daily limit.
    index('data_exports_user_requested_idx').on(t.userId, t.requestedAt.desc()),
    // The job's two questions: what is waiting, what has expired.
    index('data_exports_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('data_exports_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * The tombstone accounts "Delete my account" makes: one per deletion, holding the content and messages
 * she chose to leave, shown as "Former member". No credentials, an unusable address, no avatar or bio;
 * this row lets lists and profile pages leave them out.
 */
export const formerMembers = pgTable('former_members', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
