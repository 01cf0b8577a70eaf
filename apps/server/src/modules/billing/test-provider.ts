import { SUBSCRIBED_STATUSES, TEST_PRODUCT_ID } from '@lunara/shared/billing';
import { eq, notInArray as notIn, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { AppError, conflict } from '../../errors.ts';
import { recordTestCharge } from '../invoices/invoice-service.ts';
import { redeemCoupon } from '../plans/coupon-service.ts';
import { type CheckoutOrder, orderTerms } from '../plans/order-service.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import type { BillingMember, BillingProvider } from './provider.ts';
import { findCurrentSubscription, refreshMembershipStatus } from './subscription-service.ts';

/** The local pages of the test provider (web routes). */
export const TEST_CHECKOUT_PATH = '/billing/test-checkout';
export const TEST_PORTAL_PATH = '/billing/test-portal';

// One test subscription per member: completing the checkout twice (double click, two tabs) renews
// the same row instead of charging twice.
const testSubscriptionId = (userId: string) => `test_sub_${userId}`;
const testCustomerId = (userId: string) => `test_cus_${userId}`;
const ALREADY_MEMBER = 'You already have an active membership';

/** Built-in stand-in for Stripe: local checkout and portal pages, no money moves. */
export function createTestProvider(): BillingProvider {
  return {
    kind: 'test',
    // The local checkout page shows the plan she chose, her trial and the coupon field with the live quote.
    async createCheckoutSession(_member, order) {
      const query = new URLSearchParams();
      if (order.plan === 'year') query.set('plan', 'year');
      if (order.coupon) query.set('coupon', order.coupon.code);
      return { url: query.size > 0 ? `${TEST_CHECKOUT_PATH}?${query}` : TEST_CHECKOUT_PATH };
    },
    // No provider prices or coupons to keep in step: the plans and coupons live only here.
    async verifyPlanPrices() {},
    async createCoupon() {
      return null;
    },
    async deactivateCoupon() {},
    async createPortalSession() {
      return { url: TEST_PORTAL_PATH };
    },
    async handleWebhook() {
      throw new AppError('NOT_FOUND', 404, 'The test billing provider has no webhooks');
    },
    // Nothing to tell: test subscriptions live only in our database and go with the account.
    async cancelSubscriptionsNow() {},
  };
}

/**
 * "Complete test payment": the order's plan, trial and coupon (issue 33): trialing until the trial ends,
 * else active for one period. One statement decides, so two submits at once make one membership and the
 * second gets a 409; the coupon is redeemed in the same transaction, so a refusal leaves nothing written.
 */
export async function completeTestCheckout(db: Db, member: BillingMember, order: CheckoutOrder, now = new Date()) {
  if (await findCurrentSubscription(db, member.id, now)) throw conflict(ALREADY_MEMBER);
  await db.transaction(async (tx) => {
    if (order.coupon) await redeemCoupon(tx, order.coupon, member.id, order.plan, now);
    const terms = orderTerms(order, now);
    const values = {
      status: terms.status,
      productId: TEST_PRODUCT_ID,
      priceId: null,
      currentPeriodEnd: terms.currentPeriodEnd,
      planInterval: terms.planInterval,
      amountCents: terms.amountCents,
      discount: terms.discount,
      discountEndsAt: terms.discountEndsAt,
      cancelAtPeriodEnd: false,
      // Paying again while paused resumes the same membership (part C): the pause is over.
      pausedUntil: null,
    };
    const written = await tx
      .insert(subscriptions)
      .values({
        ...values,
        userId: member.id,
        provider: 'test',
        providerSubscriptionId: testSubscriptionId(member.id),
        providerCustomerId: testCustomerId(member.id),
      })
      .onConflictDoUpdate({
        target: [subscriptions.provider, subscriptions.providerSubscriptionId],
        set: { ...values, updatedAt: sql`now()` },
        setWhere: notIn(subscriptions.status, [...SUBSCRIBED_STATUSES]),
      })
      .returning();
    if (written.length === 0) throw conflict(ALREADY_MEMBER);
    // The first charge's receipt (a trial records nothing: its first charge is at the trial's end).
    const [row] = written;
    if (row?.status === 'active') await recordTestCharge(tx, row, now, 'charge', row.currentPeriodEnd);
    await refreshMembershipStatus(tx, member.id);
  });
  announceSessionChange(member.id);
}

/** Cancel at period end, or resume: the member keeps access until the period ends either way. */
export async function setTestCancelAtPeriodEnd(db: Db, member: BillingMember, cancel: boolean) {
  const current = await findCurrentSubscription(db, member.id);
  if (current?.provider !== 'test') throw conflict('You have no test membership to change');
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, current.id));
}
