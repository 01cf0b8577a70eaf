import type { PlanInterval } from '@lunara/shared/billing';
import { formatPrice } from '@lunara/shared/money';
import type { PlanSettings } from '@lunara/shared/plans';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { badRequest } from '../../errors.ts';
import {
  type CouponInput,
  type CouponRow,
  couponIdempotencyKey,
  findCouponById,
  type ProviderCoupon,
  recordProviderRedemption,
  toDiscount,
} from './coupon-service.ts';
import { discountEndsAtFor } from './period-amount.ts';

const planWord = (plan: PlanInterval) => (plan === 'year' ? 'yearly' : 'monthly');

/** The Stripe price each plan charges: the saved one, or STRIPE_PRICE_ID for the monthly plan. */
export function stripePriceIdFor(settings: PlanSettings, plan: PlanInterval, envMonthlyPriceId: string): string | null {
  if (plan === 'month') return settings.stripeMonthlyPriceId ?? envMonthlyPriceId;
  return settings.stripeYearlyPriceId;
}

/**
 * Before the plans are saved: each plan's Stripe price must exist, be active, recur by the plan's interval
 * and charge the plan's amount in the deployment's currency. Otherwise a clear refusal, nothing saved.
 */
export async function verifyStripePrices(
  stripe: Stripe,
  settings: PlanSettings,
  envMonthlyPriceId: string,
  currency: string,
): Promise<void> {
  const plans: Array<[PlanInterval, number]> = [['month', settings.monthlyCents]];
  if (settings.yearlyEnabled && settings.yearlyCents !== null) plans.push(['year', settings.yearlyCents]);
  for (const [plan, cents] of plans) {
    const priceId = stripePriceIdFor(settings, plan, envMonthlyPriceId);
    if (!priceId) throw badRequest(`Enter the Stripe price id of the ${planWord(plan)} plan`);
    let price: Stripe.Price;
    try {
      price = await stripe.prices.retrieve(priceId);
    } catch (error) {
      if (
        (error as { code?: string }).code === 'resource_missing' ||
        (error as { statusCode?: number }).statusCode === 404
      ) {
        throw badRequest(`Stripe has no price ${priceId} (${planWord(plan)} plan)`);
      }
      throw error;
    }
    const problems: string[] = [];
    if (!price.active) problems.push('it is archived');
    if (price.recurring?.interval !== plan || (price.recurring?.interval_count ?? 1) !== 1) {
      problems.push(
        `it is billed ${price.recurring ? `every ${price.recurring.interval_count ?? 1} ${price.recurring.interval}` : 'once'}, not every ${plan}`,
      );
    }
    if (price.currency.toUpperCase() !== currency.toUpperCase()) {
      problems.push(`it is in ${price.currency.toUpperCase()}, not ${currency.toUpperCase()}`);
    }
    if (price.unit_amount !== cents) {
      problems.push(
        `it charges ${price.unit_amount === null ? 'a custom amount' : formatPrice(price.unit_amount, price.currency.toUpperCase())}, not ${formatPrice(cents, currency)}`,
      );
    }
    if (problems.length > 0) {
      throw badRequest(
        `The Stripe price ${priceId} does not match the ${planWord(plan)} plan: ${problems.join('; ')}.`,
      );
    }
  }
}

/** The Stripe coupon and promotion code (the code she types), with keys so that a retry makes them once. */
export async function createStripeCoupon(
  stripe: Stripe,
  input: CouponInput,
  currency: string,
): Promise<ProviderCoupon> {
  const key = couponIdempotencyKey(input);
  const redeemBy = input.expiresAt ? Math.floor(Date.parse(input.expiresAt) / 1000) : undefined;
  const coupon = await stripe.coupons.create(
    {
      name: input.code,
      ...(input.kind === 'percent'
        ? { percent_off: input.value }
        : { amount_off: input.value, currency: currency.toLowerCase() }),
      duration: input.duration,
      ...(input.duration === 'repeating' && input.durationMonths ? { duration_in_months: input.durationMonths } : {}),
      ...(redeemBy ? { redeem_by: redeemBy } : {}),
      ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
      metadata: { lunaraCode: input.code },
    },
    { idempotencyKey: `${key}-coupon` },
  );
  const promotion = await stripe.promotionCodes.create(
    {
      promotion: { type: 'coupon', coupon: coupon.id },
      code: input.code,
      ...(redeemBy ? { expires_at: redeemBy } : {}),
      ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
    },
    { idempotencyKey: `${key}-promotion` },
  );
  return { couponId: coupon.id, promotionCodeId: promotion.id };
}

export async function deactivateStripeCoupon(stripe: Stripe, coupon: CouponRow): Promise<void> {
  if (!coupon.stripePromotionCodeId) return;
  await stripe.promotionCodes.update(coupon.stripePromotionCodeId, { active: false });
}

/**
 * A Stripe subscription as our plans see it: its interval and undiscounted price from its price, and,
 * the first time it is seen with one of our coupons (checkout's metadata), the coupon's terms and her
 * redemption. Later syncs keep the terms she was promised.
 */
export async function applyStripePlanTerms(db: Db, subscription: Stripe.Subscription, userId: string): Promise<void> {
  const price = subscription.items.data[0]?.price;
  const interval: PlanInterval = price?.recurring?.interval === 'year' ? 'year' : 'month';
  await db
    .update(subscriptions)
    .set({ planInterval: interval, amountCents: price?.unit_amount ?? null })
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, subscription.id)));
  const couponId = subscription.metadata?.couponId;
  if (!couponId) return;
  const coupon = await findCouponById(db, couponId);
  if (!coupon) return;
  const discount = toDiscount(coupon);
  // The first charge: the trial's end, else the subscription's start (now, should Stripe leave both out).
  const firstChargeSeconds = subscription.trial_end ?? subscription.start_date ?? Math.floor(Date.now() / 1000);
  const firstChargeAt = new Date(firstChargeSeconds * 1000);
  const applied = await db
    .update(subscriptions)
    .set({ discount, discountEndsAt: discountEndsAtFor(discount, firstChargeAt, interval) })
    .where(
      and(
        eq(subscriptions.provider, 'stripe'),
        eq(subscriptions.providerSubscriptionId, subscription.id),
        isNull(subscriptions.discount),
      ),
    )
    .returning({ id: subscriptions.id });
  if (applied.length > 0) await recordProviderRedemption(db, coupon.id, userId);
}
