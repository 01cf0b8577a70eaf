import {
  ADMIN_ACCESS_DAYS,
  ADMIN_PRODUCT_ID,
  SUBSCRIBED_STATUSES,
  type SubscriptionStatus,
} from '@lunara/shared/billing';
import type { SubscriptionStatusResponse } from '@lunara/shared/billing-schemas';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { profiles } from '../../db/schema/members.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { announceSessionChange } from '../session/session-cache.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_SUBSCRIBED: SubscriptionStatusResponse = {
  subscribed: false,
  product_id: null,
  subscription_end: null,
  cancel_at_period_end: false,
  status: null,
};

export interface SubscriptionInput {
  userId: string;
  provider: 'test' | 'stripe';
  providerSubscriptionId: string;
  providerCustomerId: string;
  status: SubscriptionStatus;
  priceId: string | null;
  productId: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** profiles.membership_status is derived from the subscriptions, in the same transaction. */
export async function refreshMembershipStatus(db: Db, userId: string): Promise<void> {
  await db
    .update(profiles)
    .set({
      membershipStatus: sql`case when exists (
        select 1 from ${subscriptions}
        where ${subscriptions.userId} = ${userId}
          and ${inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])}
      ) then 'active' else 'inactive' end`,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, userId));
}

/** Insert or update by the provider's subscription id: the provider's current state wins. */
export async function upsertSubscription(db: Db, input: SubscriptionInput): Promise<void> {
  await db.transaction(async (tx) => {
    const values = {
      status: input.status,
      priceId: input.priceId,
      productId: input.productId,
      providerCustomerId: input.providerCustomerId,
      currentPeriodEnd: input.currentPeriodEnd,
      cancelAtPeriodEnd: input.cancelAtPeriodEnd,
    };
    await tx
      .insert(subscriptions)
      .values({
        ...values,
        userId: input.userId,
        provider: input.provider,
        providerSubscriptionId: input.providerSubscriptionId,
      })
      .onConflictDoUpdate({
        target: [subscriptions.provider, subscriptions.providerSubscriptionId],
        set: { ...values, updatedAt: sql`now()` },
      });
    await refreshMembershipStatus(tx, input.userId);
  });
  announceSessionChange(input.userId);
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A test-mode membership whose period is over: the test provider has nobody to tell us, so we settle it. */
const isDueTestRenewal = (row: SubscriptionRow, now: Date) =>
  row.provider === 'test' && row.status === 'active' && row.currentPeriodEnd <= now;

/**
 * Test-mode subscriptions behave like real ones without a provider to tell us: an active one renews
 * month by month, and one cancelled at period end stops at that end. Applied whenever it is read.
 */
async function settleTestSubscriptions(db: Db, due: SubscriptionRow[], now: Date): Promise<void> {
  for (const row of due) {
    if (row.cancelAtPeriodEnd) {
      await upsertSubscription(db, { ...row, provider: 'test', status: 'canceled' });
      continue;
    }
    let end = row.currentPeriodEnd;
    for (let months = 1; end <= now; months++) end = addMonths(row.currentPeriodEnd, months);
    await upsertSubscription(db, { ...row, provider: 'test', status: 'active', currentPeriodEnd: end });
  }
}

// A member holds one or two subscribed rows at most (a test one and a Stripe one); the bound only keeps
// the read bounded.
const SUBSCRIBED_ROWS_READ = 20;

function selectSubscribed(db: Db, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(builderLimit(SUBSCRIBED_ROWS_READ));
}

/**
 * The member's membership: the subscription that counts, newest period first, or none. One read when
 * no test subscription is due (the usual case); otherwise the due ones are settled and it reads again.
 */
export async function findCurrentSubscription(db: Db, userId: string, now = new Date()) {
  const subscribed = await selectSubscribed(db, userId);
  const due = subscribed.filter((row) => isDueTestRenewal(row, now));
  if (due.length === 0) return subscribed[0];
  await settleTestSubscriptions(db, due, now);
  const [current] = await selectSubscribed(db, userId);
  return current;
}

/** check-subscription (spec section 7): admins without a membership get the synthetic admin_access one. */
export async function getSubscriptionStatus(
  db: Db,
  member: SessionUser | null,
  now = new Date(),
): Promise<SubscriptionStatusResponse> {
  if (!member) return NOT_SUBSCRIBED;
  const current = await findCurrentSubscription(db, member.id, now);
  // An admin who also pays sees her real membership; otherwise the synthetic one.
  if (!current && member.role === 'admin') {
    return {
      subscribed: true,
      product_id: ADMIN_PRODUCT_ID,
      subscription_end: new Date(now.getTime() + ADMIN_ACCESS_DAYS * DAY_MS).toISOString(),
      cancel_at_period_end: false,
      status: 'active',
    };
  }
  if (!current) return NOT_SUBSCRIBED;
  return {
    subscribed: true,
    product_id: current.productId,
    subscription_end: current.currentPeriodEnd.toISOString(),
    cancel_at_period_end: current.cancelAtPeriodEnd,
    status: current.status,
  };
}

/** A paying member (admins are not, unless they pay: the course pages check only this). */
export async function hasActiveSubscription(db: Db, userId: string): Promise<boolean> {
  return Boolean(await findCurrentSubscription(db, userId));
}
