import { PLAN_INTERVALS } from '@lunara/shared/billing';
import { COUPON_DURATIONS, COUPON_KINDS } from '@lunara/shared/plan-display';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';

/**
 * The owner's discount codes (issue 33). The code is unique whatever its case; `redeemed_count` is raised
 * by one guarded UPDATE per redemption, so the last one is won by one member only.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** Percent off (1-100) or cents off. */
    value: integer('value').notNull(),
    duration: text('duration').notNull(),
    durationMonths: integer('duration_months'),
    /** null: unlimited. */
    maxRedemptions: integer('max_redemptions'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** null: either plan. */
    plan: text('plan'),
    active: boolean('active').notNull().default(true),
    /** With Stripe: its coupon and promotion code. */
    stripeCouponId: text('stripe_coupon_id'),
    stripePromotionCodeId: text('stripe_promotion_code_id'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('coupons_kind_check', t.kind, COUPON_KINDS),
    checkIn('coupons_duration_check', t.duration, COUPON_DURATIONS),
    check(
      'coupons_plan_check',
      sql`${t.plan} is null or ${t.plan} in (${sql.raw(PLAN_INTERVALS.map((p) => `'${p}'`).join(', '))})`,
    ),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      'coupons_redemptions_check',
      sql`${t.redeemedCount} >= 0 and (${t.maxRedemptions} is null or ${t.redeemedCount} <= ${t.maxRedemptions})`,
    ),
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
    index('coupons_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Who used which code: one use per member and code. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('coupon_redemptions_coupon_user_unique').on(t.couponId, t.userId),
    index('coupon_redemptions_user_idx').on(t.userId),
  ],
);
