import { type PlanInterval, SUBSCRIBED_STATUSES } from '@lunara/shared/billing';
import type { CancellationBody, MembershipDetails } from '@lunara/shared/billing-history';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { membershipCancellations } from '../../db/schema/billing-history.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import { findCurrentSubscription, refreshMembershipStatus } from '../billing/subscription-service.ts';
import { periodEndFor, recordTestCharge } from '../invoices/invoice-service.ts';
import { addMonths, periodAmountCents } from '../plans/period-amount.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { readCancellationSettings } from './cancellation-settings.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const NO_MEMBERSHIP = 'You have no membership to change';
export const ALREADY_CANCELLED = 'Your membership is already cancelled';
export const ALREADY_PAUSED = 'Your membership is already paused';
export const NOT_PAUSED = 'Your membership is not paused';
export const PAUSE_OFF = 'Pausing is not offered for this membership';

/**
 * The membership she manages: the one that gives her access (settled first), else a paused test one
 * (which gives none until it resumes).
 */
export async function findManagedSubscription(db: Db, userId: string, now = new Date()) {
  const current = await findCurrentSubscription(db, userId, now);
  if (current) return current;
  const [paused] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'paused'), eq(subscriptions.provider, 'test')),
    )
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return paused;
}

/** Her membership as the portal shows it: HER price and interval, the next charge, any pause. */
export async function getMembershipDetails(db: Db, userId: string, now = new Date()): Promise<MembershipDetails> {
  const [sub, pause] = [await findManagedSubscription(db, userId, now), await readCancellationSettings(db)];
  if (!sub) return { membership: null, pause };
  const nextStart = sub.status === 'paused' && sub.pausedUntil ? sub.pausedUntil : sub.currentPeriodEnd;
  return {
    membership: {
      provider: sub.provider as 'test' | 'stripe' | 'complimentary',
      status: sub.status,
      interval: sub.planInterval as PlanInterval,
      amountCents: sub.amountCents,
      nextAmountCents: sub.amountCents === null ? null : periodAmountCents(sub, nextStart),
      discountCode: sub.discount && (!sub.discountEndsAt || sub.discountEndsAt > now) ? sub.discount.code : null,
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      pausedUntil: sub.pausedUntil?.toISOString() ?? null,
    },
    pause,
  };
}

function requireTest(sub: SubscriptionRow | undefined): SubscriptionRow {
  if (!sub) throw conflict(NO_MEMBERSHIP);
  if (sub.provider !== 'test') throw conflict('This membership is managed in the billing portal');
  return sub;
}

/**
 * Cancel (test mode) with the reason she gave: at the period's end for a running membership, at once
 * for a paused one (it gives no access anyway). The reason is recorded in the same transaction, and only
 * the request that cancels records one: a second click is a 409 and writes nothing.
 */
export async function cancelTestMembership(db: Db, userId: string, body: CancellationBody): Promise<void> {
  const sub = requireTest(await findManagedSubscription(db, userId));
  await db.transaction(async (tx) => {
    const paused = sub.status === 'paused';
    const changed = await tx
      .update(subscriptions)
      .set(
        paused
          ? { status: 'canceled', pausedUntil: null, updatedAt: sql`now()` }
          : { cancelAtPeriodEnd: true, pausedUntil: null, updatedAt: sql`now()` },
      )
      .where(
        and(
          eq(subscriptions.id, sub.id),
          paused
            ? eq(subscriptions.status, 'paused')
            : and(inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]), eq(subscriptions.cancelAtPeriodEnd, false)),
        ),
      )
      .returning({ id: subscriptions.id });
    if (changed.length === 0) throw conflict(ALREADY_CANCELLED);
    await tx.insert(membershipCancellations).values({
      userId,
      subscriptionId: sub.id,
      reason: body.reason ?? null,
      note: body.note ? body.note : null,
    });
    if (paused) await refreshMembershipStatus(tx, userId);
  });
  announceSessionChange(userId);
}

/**
 * Pause instead of cancelling (test mode): she keeps access to the end of the paid period, then has none
 * and pays nothing for `months`, then it resumes by itself (test-settlement.ts). One pause at a time.
 */
export async function pauseTestMembership(db: Db, userId: string, months: number): Promise<void> {
  const settings = await readCancellationSettings(db);
  if (!settings.pauseEnabled) throw forbidden(PAUSE_OFF);
  if (months > settings.maxPauseMonths) {
    throw badRequest(
      `A pause lasts at most ${settings.maxPauseMonths} month${settings.maxPauseMonths === 1 ? '' : 's'}`,
    );
  }
  const sub = requireTest(await findManagedSubscription(db, userId));
  if (sub.status === 'paused') throw conflict(ALREADY_PAUSED);
  if (sub.status === 'trialing') throw conflict('A pause can be chosen once your free trial has ended');
  const changed = await db
    .update(subscriptions)
    .set({ pausedUntil: addMonths(sub.currentPeriodEnd, months), updatedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.id, sub.id),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.currentPeriodEnd, sub.currentPeriodEnd),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNull(subscriptions.pausedUntil),
      ),
    )
    .returning({ id: subscriptions.id });
  if (changed.length === 0) {
    throw conflict(sub.cancelAtPeriodEnd ? 'Resume your membership before pausing it' : ALREADY_PAUSED);
  }
  announceSessionChange(userId);
}

/**
 * "Resume now": before the pause has started it only drops the pause (nothing is charged); during it a
 * new period starts now and is charged once. The update is conditional, so a double click or a second
 * tab finds nothing left to resume (409) and charges nothing.
 */
export async function resumeTestMembership(db: Db, userId: string, now = new Date()): Promise<void> {
  const sub = requireTest(await findManagedSubscription(db, userId, now));
  if (sub.status !== 'paused') {
    const dropped = await db
      .update(subscriptions)
      .set({ pausedUntil: null, updatedAt: sql`now()` })
      .where(
        and(eq(subscriptions.id, sub.id), isNotNull(subscriptions.pausedUntil), eq(subscriptions.status, 'active')),
      )
      .returning({ id: subscriptions.id });
    if (dropped.length === 0) throw conflict(NOT_PAUSED);
    announceSessionChange(userId);
    return;
  }
  await db.transaction(async (tx) => {
    const [resumed] = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        pausedUntil: null,
        currentPeriodEnd: periodEndFor(now, sub.planInterval),
        updatedAt: sql`now()`,
      })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, 'paused')))
      .returning();
    if (!resumed) throw conflict(NOT_PAUSED);
    await recordTestCharge(tx, resumed, now, 'resume', resumed.currentPeriodEnd);
    await refreshMembershipStatus(tx, userId);
  });
  announceSessionChange(userId);
}
