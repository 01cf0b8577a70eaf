import type { PlanInterval } from '@lunara/shared/billing';
import type { BillingRedirect } from '@lunara/shared/billing-schemas';
import type { Quote } from '@lunara/shared/plans';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import { prepareOrder, quoteOf } from '../plans/order-service.ts';
import { readPlanSettings } from '../plans/plan-settings.ts';
import type { BillingMember, BillingProvider } from './provider.ts';
import { hasActiveSubscription } from './subscription-service.ts';
import { completeTestCheckout } from './test-provider.ts';

const ALREADY_MEMBER = 'You already have an active membership';

export interface CheckoutRequest {
  plan: PlanInterval;
  couponCode?: string | undefined;
}

/**
 * A paying member is sent to manage her membership, never to pay for a second one. The plan, her trial
 * and the coupon are checked here, before any provider sees them (so a coupon's limits hold on Stripe too).
 */
export async function startCheckout(
  db: Db,
  provider: BillingProvider,
  priceCents: number,
  member: BillingMember,
  request: CheckoutRequest,
): Promise<BillingRedirect> {
  if (await hasActiveSubscription(db, member.id)) throw conflict(ALREADY_MEMBER);
  const settings = await readPlanSettings(db, priceCents);
  const order = await prepareOrder(db, settings, member.id, request);
  return provider.createCheckoutSession(member, order, settings);
}

/** What she would pay: the same checks as the checkout, nothing written. */
export async function quoteCheckout(
  db: Db,
  priceCents: number,
  member: BillingMember,
  request: CheckoutRequest,
  now = new Date(),
): Promise<Quote> {
  const settings = await readPlanSettings(db, priceCents);
  return quoteOf(await prepareOrder(db, settings, member.id, request, now), now);
}

/** Test mode's "Complete test payment", with the plan and coupon she chose on the page. */
export async function completeTestOrder(
  db: Db,
  priceCents: number,
  member: BillingMember,
  request: CheckoutRequest,
  now = new Date(),
): Promise<void> {
  if (await hasActiveSubscription(db, member.id)) throw conflict(ALREADY_MEMBER);
  const settings = await readPlanSettings(db, priceCents);
  await completeTestCheckout(db, member, await prepareOrder(db, settings, member.id, request, now), now);
}
