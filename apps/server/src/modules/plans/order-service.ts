import { BILLING_PROVIDERS, type PlanInterval } from '@lunara/shared/billing';
import { formatPrice } from '@lunara/shared/money';
import { type PlanSettings, planPrice, type Quote } from '@lunara/shared/plans';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { type CouponRow, checkCoupon, toDiscount } from './coupon-service.ts';
import { addMonths, discountEndsAtFor, periodAmountCents } from './period-amount.ts';
import { planPriceCents } from './plan-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a member is about to buy, checked: the plan's price, her trial (first membership only), the coupon. */
export interface CheckoutOrder {
  plan: PlanInterval;
  amountCents: number;
  trialDays: number;
  coupon: CouponRow | null;
}

/** Paid memberships (not admin access or a complimentary one) she ever had: a trial is for the first. */
const PAID_PROVIDERS = BILLING_PROVIDERS.filter((provider) => provider !== 'complimentary');

export async function hadPaidMembership(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.provider, PAID_PROVIDERS)))
    .limit(1);
  return row !== undefined;
}

export async function prepareOrder(
  db: Db,
  settings: PlanSettings,
  userId: string,
  body: { plan: PlanInterval; couponCode?: string | undefined },
  now = new Date(),
): Promise<CheckoutOrder> {
  const amountCents = planPriceCents(settings, body.plan);
  const coupon = body.couponCode ? await checkCoupon(db, userId, body.couponCode, body.plan, now) : null;
  const trialDays = settings.trialDays > 0 && !(await hadPaidMembership(db, userId)) ? settings.trialDays : 0;
  return { plan: body.plan, amountCents, trialDays, coupon };
}

/** The columns of her subscription this order sets (contract: modules/plans/period-amount.ts applies them). */
export function orderTerms(order: CheckoutOrder, now: Date) {
  const firstChargeAt = order.trialDays > 0 ? new Date(now.getTime() + order.trialDays * DAY_MS) : now;
  const discount = order.coupon ? toDiscount(order.coupon) : null;
  // The discount starts with the first charge: a trial does not use it up.
  const discountEndsAt = discount ? discountEndsAtFor(discount, firstChargeAt, order.plan) : null;
  const periodEnd = order.trialDays > 0 ? firstChargeAt : addMonths(now, order.plan === 'year' ? 12 : 1);
  return {
    status: order.trialDays > 0 ? ('trialing' as const) : ('active' as const),
    planInterval: order.plan,
    amountCents: order.amountCents,
    discount,
    discountEndsAt,
    currentPeriodEnd: periodEnd,
    firstChargeAt,
  };
}

const dateText = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The quote she sees before paying, from the same terms the checkout writes. */
export function quoteOf(order: CheckoutOrder, now = new Date()): Quote {
  const terms = orderTerms(order, now);
  const firstChargeCents = periodAmountCents(terms, terms.firstChargeAt);
  const secondPeriod = addMonths(terms.firstChargeAt, order.plan === 'year' ? 12 : 1);
  const renewalCents = periodAmountCents(terms, secondPeriod);
  const planName = order.plan === 'year' ? 'Yearly plan' : 'Monthly plan';
  const parts = [`${planName}, ${planPrice(order.amountCents, order.plan)}.`];
  if (order.trialDays > 0) {
    parts.push(`${order.trialDays}-day free trial: nothing to pay today.`);
    parts.push(`First charge ${formatPrice(firstChargeCents)} on ${dateText(terms.firstChargeAt)}.`);
  } else {
    parts.push(`${formatPrice(firstChargeCents)} today.`);
  }
  if (renewalCents === order.amountCents || terms.discountEndsAt === null) {
    parts.push(`Then ${planPrice(renewalCents, order.plan)}.`);
  } else {
    parts.push(
      `Then ${planPrice(renewalCents, order.plan)} until ${dateText(terms.discountEndsAt)}, then ${planPrice(order.amountCents, order.plan)}.`,
    );
  }
  return {
    plan: order.plan,
    amountCents: order.amountCents,
    discountCents: order.amountCents - firstChargeCents,
    firstChargeCents,
    trialDays: order.trialDays,
    firstChargeAt: terms.firstChargeAt.toISOString(),
    renewalCents,
    description: parts.join(' '),
  };
}
