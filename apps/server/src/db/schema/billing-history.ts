import {
  BILLING_PROVIDERS,
  CANCELLATION_NOTE_MAX_LENGTH,
  CANCELLATION_REASONS,
  INVOICE_STATUSES,
} from '@lunara/shared/billing';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { subscriptions } from './billing.ts';
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

/** Receipt numbers (LUN-000123): a sequence, so two charges at once never share one (gaps are possible). */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

/**
 * Her receipts: one per charged period in test mode (unique per subscription and period start, so racing
 * reads record it once), and Stripe's invoices as its webhooks report them (unique per provider id).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    number: text('number').notNull().default(sql`'LUN-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    description: text('description').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('invoices_provider_check', t.provider, BILLING_PROVIDERS),
    checkIn('invoices_status_check', t.status, INVOICE_STATUSES),
    check('invoices_amount_check', sql`${t.amountCents} >= 0`),
    unique('invoices_provider_invoice_unique').on(t.provider, t.providerInvoiceId),
    unique('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_test_period_unique').on(t.subscriptionId, t.periodStart).where(sql`${t.provider} = 'test'`),
    index('invoices_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
