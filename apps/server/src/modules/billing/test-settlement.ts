import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { periodEndFor, recordTestCharge } from '../invoices/invoice-service.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { refreshMembershipStatus } from './subscription-service.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

// A test membership nobody read for years settles at most this many periods at once (then on the next read).
const MAX_PERIODS_PER_SETTLEMENT = 400;

/**
 * A test-mode membership with something due: a period (or trial) that is over, or a pause that has run
 * out. The test provider has nobody to tell us, so it is settled when read.
 */
export const isDueTestSettlement = (row: SubscriptionRow, now: Date) =>
  row.provider === 'test' &&
  (((row.status === 'active' || row.status === 'trialing') && row.currentPeriodEnd <= now) ||
    (row.status === 'paused' && row.pausedUntil !== null && row.pausedUntil <= now));

/**
 * What happened between the row's state and `now`, as real billing would have done it: each period that
 * started is charged once (a trial's end starts the first one), a scheduled pause begins at the end of the
 * paid period and resumes by itself at paused_until with a charged period, a cancellation ends it.
 */
function replay(row: SubscriptionRow, now: Date) {
  let { status, currentPeriodEnd: end, pausedUntil } = row;
  const charges: Array<{ start: Date; kind: 'charge' | 'resume' }> = [];
  for (let step = 0; step < MAX_PERIODS_PER_SETTLEMENT; step++) {
    if ((status === 'active' || status === 'trialing') && end <= now) {
      if (row.cancelAtPeriodEnd) {
        status = 'canceled';
        pausedUntil = null;
        break;
      }
      if (pausedUntil && pausedUntil > end) {
        status = 'paused';
        continue;
      }
      charges.push({ start: end, kind: 'charge' });
      status = 'active';
      pausedUntil = null;
      end = periodEndFor(end, row.planInterval);
    } else if (status === 'paused' && pausedUntil && pausedUntil <= now) {
      charges.push({ start: pausedUntil, kind: 'resume' });
      end = periodEndFor(pausedUntil, row.planInterval);
      status = 'active';
      pausedUntil = null;
    } else break;
  }
  return { status, end, pausedUntil, charges };
}

/** Settles one due test subscription: the row is locked and read again, so racing reads apply it once. */
async function settleOne(db: Db, id: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!row || !isDueTestSettlement(row, now)) return undefined;
    const next = replay(row, now);
    await tx
      .update(subscriptions)
      .set({ status: next.status, currentPeriodEnd: next.end, pausedUntil: next.pausedUntil, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, row.id));
    for (const charge of next.charges) await recordTestCharge(tx, row, charge.start, charge.kind);
    await refreshMembershipStatus(tx, row.userId);
    return row.userId;
  });
}

/** Test-mode subscriptions behave like real ones: renewed, paused, resumed or ended when they are read. */
export async function settleTestSubscriptions(db: Db, due: SubscriptionRow[], now: Date): Promise<void> {
  for (const row of due) {
    const userId = await settleOne(db, row.id, now);
    if (userId) announceSessionChange(userId);
  }
}
