import { LEVEL_THRESHOLDS, levelForPoints, type PointReason } from '@lunara/shared/points';
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pointsLedger, userPoints } from '../../db/schema/community.ts';

/** level = the highest level whose threshold the points reach: the shared table, in SQL. */
const levelFor = (points: ReturnType<typeof sql>) =>
  sql`(case ${sql.join(
    [...LEVEL_THRESHOLDS.entries()]
      .reverse()
      .map(([index, threshold]) => sql`when ${points} >= ${threshold} then ${index + 1}`),
    sql` `,
  )} else 1 end)`;

export interface Award {
  userId: string;
  amount: number;
  reason: PointReason;
  /** Unique per award: the same key never pays twice (a retry, a double click, a race). */
  idempotencyKey: string;
}

/** Her points moved by `amount` (never below zero) and the level they reach: an upsert's update. */
export function movedPoints(amount: number) {
  const points = sql`greatest(${userPoints.points} + ${amount}, 0)`;
  return { points, level: levelFor(points) };
}

/** Her points and level as a new totals row starts with `amount`. */
export function startingPoints(amount: number) {
  const points = Math.max(amount, 0);
  return { points, level: levelForPoints(points) };
}

/** Adds `amount` to the member's total (never below zero) with the level recomputed, creating her row. */
async function addToTotal(tx: Db, userId: string, amount: number): Promise<void> {
  await tx
    .insert(userPoints)
    .values({ userId, ...startingPoints(amount) })
    .onConflictDoUpdate({ target: userPoints.userId, set: { ...movedPoints(amount), updatedAt: sql`now()` } });
}

/** The award's ledger row; false when its key was already used (nothing is paid twice). */
export async function recordAward(tx: Db, award: Award): Promise<boolean> {
  const inserted = await tx
    .insert(pointsLedger)
    .values({ userId: award.userId, amount: award.amount, reason: award.reason, idempotencyKey: award.idempotencyKey })
    .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
    .returning({ id: pointsLedger.id });
  return inserted.length > 0;
}

/**
 * Writes a ledger row and adds it to the member's totals, in the caller's transaction. Returns
 * whether anything was paid (false when the key was already used).
 */
export async function awardPoints(tx: Db, award: Award): Promise<boolean> {
  if (!(await recordAward(tx, award))) return false;
  await addToTotal(tx, award.userId, award.amount);
  return true;
}

/**
 * Sums per member, members in a stable order: writes to several members' rows in this order never wait
 * on each other crosswise in two transactions.
 */
export function sumPerMember<T extends { userId: string }>(
  rows: T[],
  amountOf: (row: T) => number,
): Array<[userId: string, sum: number]> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.userId, (sums.get(row.userId) ?? 0) + amountOf(row));
  return [...sums].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Takes back what the awards with these keys paid (deleted content), in the caller's transaction: one
 * `reversal` row per award, keyed `reverse:{key}`, so a retry or a concurrent delete takes back once; keys
 * that never paid take back nothing. A reversal is dated like the award it reverses, so the week and
 * month totals (migration 0005's trigger) lose exactly what they gained. Returns the points taken back.
 */
export async function reverseAwards(tx: Db, idempotencyKeys: string[]): Promise<number> {
  if (idempotencyKeys.length === 0) return 0;
  const reversed = await tx
    .insert(pointsLedger)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          userId: pointsLedger.userId,
          amount: sql`-${pointsLedger.amount}`.as('amount'),
          reason: sql`'reversal'`.as('reason'),
          idempotencyKey: sql`'reverse:' || ${pointsLedger.idempotencyKey}`.as('idempotency_key'),
          createdAt: pointsLedger.createdAt,
        })
        .from(pointsLedger)
        .where(
          and(
            inArray(pointsLedger.idempotencyKey, idempotencyKeys),
            ne(pointsLedger.amount, 0),
            ne(pointsLedger.reason, 'reversal'),
          ),
        )
        .orderBy(pointsLedger.idempotencyKey),
    )
    .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
    .returning({ userId: pointsLedger.userId, amount: pointsLedger.amount });
  for (const [userId, amount] of sumPerMember(reversed, (row) => row.amount)) {
    await addToTotal(tx, userId, amount);
  }
  return -reversed.reduce((sum, row) => sum + row.amount, 0);
}
