import { LEVEL_THRESHOLDS, levelForPoints, type PointReason } from '@lunara/shared/points';
import { sql } from 'drizzle-orm';
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

interface Award {
  userId: string;
  amount: number;
  reason: PointReason;
  /** Unique per award: the same key never pays twice (a retry, a double click, a race). */
  idempotencyKey: string;
}

/**
 * Writes a ledger row and adds it to the member's totals, in the caller's transaction. Returns
 * whether anything was paid (false when the key was already used).
 */
export async function awardPoints(tx: Db, award: Award): Promise<boolean> {
  const inserted = await tx
    .insert(pointsLedger)
    .values({ userId: award.userId, amount: award.amount, reason: award.reason, idempotencyKey: award.idempotencyKey })
    .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
    .returning({ id: pointsLedger.id });
  if (inserted.length === 0) return false;
  const newPoints = sql`greatest(${userPoints.points} + ${award.amount}, 0)`;
  await tx
    .insert(userPoints)
    .values({
      userId: award.userId,
      points: Math.max(award.amount, 0),
      level: levelForPoints(Math.max(award.amount, 0)),
    })
    .onConflictDoUpdate({
      target: userPoints.userId,
      set: { points: newPoints, level: levelFor(newPoints), updatedAt: sql`now()` },
    });
  return true;
}
