import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, id } from './columns.ts';

/**
 * A suspension (issue 30): the member cannot sign in until `ends_at` (null = permanent, a ban) unless
 * an admin lifts it (`lifted_at`). Rows are kept after they end or are lifted, as her history.
 * "Her active suspension" is `lifted_at is null and (ends_at is null or ends_at > now())`, read at every
 * sign-in from the partial index below (few rows per member are ever un-lifted).
 */
export const suspensions = pgTable(
  'suspensions',
  {
    id: id(),
    memberId: text('member_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Null: permanent (a ban). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The staff member; null once her account is gone (the audit log keeps who it was). */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by').references(() => user.id, { onDelete: 'set null' }),
    /** The moderation case (report) that led to it, when there is one; no foreign key, cases are another module's. */
    caseId: uuid('case_id'),
  },
  (t) => [
    check('suspensions_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
    // A lifter is recorded only with the time of the lift (she may be gone later: set null).
    check('suspensions_lifted_by_needs_lifted_at', sql`${t.liftedBy} is null or ${t.liftedAt} is not null`),
    // Her current (un-lifted) suspensions: what sign-in, the guard and the users list read.
    index('suspensions_member_unlifted_idx').on(t.memberId, t.endsAt).where(sql`${t.liftedAt} is null`),
    // Her history, newest first, keyset-paged.
    index('suspensions_member_created_idx').on(t.memberId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
