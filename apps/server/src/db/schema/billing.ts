import { BILLING_PROVIDERS, type Discount, PLAN_INTERVALS, SUBSCRIPTION_STATUSES } from '@lunara/shared/billing';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';

/** The provider's customer for each member (one per member and provider). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('billing_customers_provider_check', t.provider, BILLING_PROVIDERS),
    unique('billing_customers_user_provider_unique').on(t.userId, t.provider),
    unique('billing_customers_provider_customer_unique').on(t.provider, t.providerCustomerId),
  ],
);

/** The source of truth for membership (decisions.md section 4), upserted by provider subscription id. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id'),
    productId: text('product_id').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    planInterval: text('plan_interval').notNull().default('month'),
    /** The plan's undiscounted price per period at checkout; null for admin access and complimentary. */
    amountCents: integer('amount_cents'),
    /** The coupon's terms at redemption (modules/plans/period-amount.ts applies them). */
    discount: jsonb('discount').$type<Discount>(),
    /** When the discount stops applying; null with a discount means forever. */
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    /** Set while the membership is paused: it resumes (and is charged) then. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /**
     * When it ended (canceled, unpaid, expired), set by a trigger (migration 0040) on the change into an
     * ended status, whichever code path makes it: churn is counted on it, not on updated_at, which any
     * later touch of the row would move.
     */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('subscriptions_provider_check', t.provider, BILLING_PROVIDERS),
    checkIn('subscriptions_status_check', t.status, SUBSCRIPTION_STATUSES),
    checkIn('subscriptions_plan_interval_check', t.planInterval, PLAN_INTERVALS),
    unique('subscriptions_provider_subscription_unique').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId, t.currentPeriodEnd.desc().nullsFirst()),
    index('subscriptions_status_idx').on(t.status),
    index('subscriptions_ended_idx').on(t.endedAt).where(sql`${t.endedAt} is not null`),
  ],
);

/** Every webhook event once: the primary key drops duplicate deliveries. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
