import {
  ADMIN_ACCESS_DAYS,
  ADMIN_PRODUCT_ID,
  SUBSCRIBED_STATUSES,
  type SubscriptionStatus,
} from '@lunara/shared/billing';
import type { SubscriptionStatusResponse } from '@lunara/shared/billing-schemas';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { profiles } from '../../db/schema/members.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { isDueTestSettlement, settleTestSubscriptions } from './test-settlement.ts';

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

// A member holds one or two subscribed rows at most (a test one and a Stripe one); the bound only keeps
// the read bounded.
const SUBSCRIBED_ROWS_READ = 20;

const isSubscribed = (row: typeof subscriptions.$inferSelect) =>
  SUBSCRIBED_STATUSES.includes(row.status as SubscriptionStatus);

function selectSubscribed(db: Db, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        // A paused test membership is read too: it resumes by itself when its pause is over.
        or(
          inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]),
          and(eq(subscriptions.status, 'paused'), eq(subscriptions.provider, 'test')),
        ),
      ),
    )
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(builderLimit(SUBSCRIBED_ROWS_READ));
}

/**
 * The member's membership: the subscription that counts, newest period first, or none. One read when
 * no test subscription is due (the usual case); otherwise the due ones are settled and it reads again.
 */
export async function findCurrentSubscription(db: Db, userId: string, now = new Date()) {
  const rows = await selectSubscribed(db, userId);
  // A complimentary membership whose period is over ends: she lapses (issue 33, member-admin).
  if (rows.some((row) => isEndedComplimentary(row, now))) {
    await endLapsedComplimentary(db, userId, now);
    return findCurrentSubscription(db, userId, now);
  }
  const due = rows.filter((row) => isDueTestSettlement(row, now));
  if (due.length === 0) return rows.find(isSubscribed);
  await settleTestSubscriptions(db, due, now);
  return (await selectSubscribed(db, userId)).find(isSubscribed);
}

const isEndedComplimentary = (row: typeof subscriptions.$inferSelect, now: Date) =>
  row.provider === 'complimentary' && row.status === 'active' && row.currentPeriodEnd <= now;

async function endLapsedComplimentary(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, 'complimentary'),
          eq(subscriptions.status, 'active'),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      );
    await refreshMembershipStatus(tx, userId);
  });
  announceSessionChange(userId);
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
