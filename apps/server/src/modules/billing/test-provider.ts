import { SUBSCRIBED_STATUSES, TEST_PRODUCT_ID } from '@lunara/shared/billing';
import { eq, notInArray as notIn, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { AppError, conflict } from '../../errors.ts';
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

function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Built-in stand-in for Stripe: local checkout and portal pages, no money moves. */
export function createTestProvider(): BillingProvider {
  return {
    kind: 'test',
    async createCheckoutSession() {
      return { url: TEST_CHECKOUT_PATH };
    },
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
 * "Complete test payment": an active subscription whose period ends a month from now. One statement
 * decides, so two submits at once make one membership and the second gets a 409.
 */
export async function completeTestCheckout(db: Db, member: BillingMember, now = new Date()) {
  if (await findCurrentSubscription(db, member.id, now)) throw conflict(ALREADY_MEMBER);
  await db.transaction(async (tx) => {
    const values = {
      status: 'active',
      productId: TEST_PRODUCT_ID,
      currentPeriodEnd: oneMonthAfter(now),
      cancelAtPeriodEnd: false,
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
      .returning({ id: subscriptions.id });
    if (written.length === 0) throw conflict(ALREADY_MEMBER);
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
