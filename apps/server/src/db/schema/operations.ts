import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';

/** Who did what to what, for every admin and moderator action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A member's detail in User Management: the entries about her, newest first (issue 33).
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Values the deployment generates once and every process shares (the auth secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'local'] as const;

/**
 * Every email, stored before it is delivered: SMTP workers claim pending rows with SKIP LOCKED;
 * without SMTP the row is the delivery (status local, readable at /dev/outbox).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers for this mail (announcements: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    checkIn('outbox_status_check', t.status, OUTBOX_STATUSES),
    check('outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    index('outbox_pending_idx').on(t.availableAt).where(sql`${t.status} = 'pending'`),
    index('outbox_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Exact totals that would otherwise need count(*) over large tables (admin statistics, topics per forum
 * category). Statement triggers append deltas (migration 0005): writers never wait on a shared row;
 * a total is its folded value plus its pending deltas, and `lunara_fold_counter_deltas()` folds them.
 */
export const platformCounters = pgTable('platform_counters', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const platformCounterDeltas = pgTable(
  'platform_counter_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('platform_counter_deltas_key_idx').on(t.key)],
);

/**
 * A member's create requests by the key her browser sent with them (the Idempotency-Key header), so a
 * repeat (double click, retry after a dropped connection) gets the first answer instead of a second item.
 * A row without a status is in progress; rows are kept a day (plugins/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
