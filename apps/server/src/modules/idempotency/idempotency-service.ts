import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/operations.ts';

/** How long a key's answer is replayed: long enough for any retry a browser or a member makes. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this with no answer belongs to a process that died mid-request: the key is free. */
const ABANDONED_AFTER_MS = 60_000;
const CLEANUP_BATCH = 5_000;

export interface IdempotencyClaim {
  userId: string;
  key: string;
}

export interface IdempotentAnswer {
  statusCode: number;
  contentType: string;
  body: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: IdempotencyClaim }
  | { kind: 'answered'; answer: IdempotentAnswer }
  | { kind: 'running' }
  | { kind: 'mismatch' };

/** Takes the key for this request, or says why not: answered already, still running, or another request's. */
export async function claimIdempotencyKey(
  db: Db,
  request: { userId: string; key: string; requestHash: string },
): Promise<ClaimOutcome> {
  const claim = { userId: request.userId, key: request.key };
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: request.userId, key: request.key, requestHash: request.requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed', claim };

  const [row] = await db.select().from(idempotencyKeys).where(matches(claim)).limit(1);
  // Freed between the two statements (the first request failed): try again.
  if (!row) return { kind: 'running' };
  if (row.requestHash !== request.requestHash) return { kind: 'mismatch' };
  if (row.statusCode !== null) {
    return {
      kind: 'answered',
      answer: { statusCode: row.statusCode, contentType: row.contentType ?? '', body: row.responseBody ?? '' },
    };
  }
  if (Date.now() - row.createdAt.getTime() > ABANDONED_AFTER_MS) {
    await db.delete(idempotencyKeys).where(and(matches(claim), isNull(idempotencyKeys.statusCode)));
  }
  return { kind: 'running' };
}

export async function recordIdempotentAnswer(db: Db, claim: IdempotencyClaim, answer: IdempotentAnswer) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, contentType: answer.contentType, responseBody: answer.body })
    .where(matches(claim));
}

export async function forgetIdempotencyKey(db: Db, claim: IdempotencyClaim) {
  await db.delete(idempotencyKeys).where(and(matches(claim), isNull(idempotencyKeys.statusCode)));
}

/** Deletes one batch of expired keys; returns how many went, so a job can tell whether more remain. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const expired = db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .orderBy(idempotencyKeys.createdAt)
    .limit(CLEANUP_BATCH);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (${expired})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

const matches = (claim: IdempotencyClaim) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
