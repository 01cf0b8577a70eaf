import { CANCELLATION_NOTE_MAX_LENGTH, CANCELLATION_REASONS } from '@lunara/shared/billing';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';

/**
 * Every cancellation with the reason she gave (both optional). Kept when her account is deleted, without
 * her, so the owner's churn figures stay true.
 */
export const membershipCancellations = pgTable(
  'membership_cancellations',
  {
    id: id(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id'),
    reason: text('reason'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('membership_cancellations_reason_check', t.reason, CANCELLATION_REASONS),
    check(
      'membership_cancellations_note_length',
      sql`char_length(${t.note}) <= ${sql.raw(String(CANCELLATION_NOTE_MAX_LENGTH))}`,
    ),
    index('membership_cancellations_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
