import { createHash, randomBytes } from 'node:crypto';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  type AssessmentAnswers,
  buildPathway,
  type MyPathway,
  PathwayInputError,
  type PathwayItem,
  type SubmittedAssessment,
} from '@lunara/shared/assessment';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit, literalLimit } from '../../db/literal-limit.ts';
import { assessmentResults } from '../../db/schema/assessment.ts';
import { badRequest, notFound } from '../../errors.ts';
import { readAssessment } from './definition-service.ts';
import { describeSteps } from './pathway-steps.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Works out her pathway from her answers and keeps it with them. A member's result is hers at once (and
 * the oldest beyond the history's bound drops off); a visitor's is kept under a token only her browser
 * holds, which claims it once she has an account.
 */
export async function submitAssessment(
  db: Db,
  memberId: string | null,
  answers: AssessmentAnswers,
): Promise<SubmittedAssessment> {
  const { definition } = await readAssessment(db);
  let plan: string[];
  try {
    plan = buildPathway(definition, answers);
  } catch (error) {
    if (error instanceof PathwayInputError) throw badRequest(error.message);
    throw error;
  }
  const items = new Map(definition.items.map((item) => [item.id, item]));
  const steps = plan.map((itemId) => items.get(itemId)).filter((item): item is PathwayItem => item !== undefined);
  const claimToken = memberId ? null : randomBytes(32).toString('base64url');

  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(assessmentResults)
      .values({ userId: memberId, claimTokenHash: claimToken ? hashToken(claimToken) : null, answers, steps })
      .returning({ id: assessmentResults.id, createdAt: assessmentResults.createdAt });
    if (!created) throw new Error('The assessment result was not saved');
    if (memberId) await trimHistory(tx, memberId);
    return created;
  });
  return {
    result: { id: row.id, createdAt: row.createdAt.toISOString(), ...(await describeSteps(db, memberId, steps)) },
    claimToken,
  };
}

/** Keeps her ASSESSMENT_LIMITS.historyMax latest results: her history stays one bounded read. */
async function trimHistory(tx: Db, memberId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${assessmentResults} where ${assessmentResults.userId} = ${memberId} and ${assessmentResults.id} not in (
      select ${assessmentResults.id} from ${assessmentResults} where ${assessmentResults.userId} = ${memberId}
      order by ${assessmentResults.createdAt} desc, ${assessmentResults.id} desc limit ${literalLimit(ASSESSMENT_LIMITS.historyMax)}
    )`);
}

/**
 * Makes a visitor's result hers, once: the token only matches an unclaimed result. A second claim of the
 * same token (a double submit, another account) is a 404, so a result never changes hands.
 */
export async function claimAssessment(db: Db, memberId: string, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(assessmentResults)
      .set({ userId: memberId, claimTokenHash: null, claimedAt: new Date() })
      .where(and(eq(assessmentResults.claimTokenHash, hashToken(token)), isNull(assessmentResults.userId)))
      .returning({ id: assessmentResults.id });
    if (!claimed) throw notFound(ASSESSMENT_MESSAGES.claimUnknown);
    await trimHistory(tx, memberId);
  });
}

/** Her latest pathway with how far she is along it, and the dates of her earlier results. */
export async function readMyPathway(db: Db, memberId: string): Promise<MyPathway> {
  const rows = await db
    .select({ id: assessmentResults.id, createdAt: assessmentResults.createdAt, steps: assessmentResults.steps })
    .from(assessmentResults)
    .where(eq(assessmentResults.userId, memberId))
    .orderBy(desc(assessmentResults.createdAt), desc(assessmentResults.id))
    .limit(builderLimit(ASSESSMENT_LIMITS.historyMax));
  const [latest, ...earlier] = rows;
  if (!latest) return { current: null, history: [] };
  return {
    current: {
      id: latest.id,
      createdAt: latest.createdAt.toISOString(),
      ...(await describeSteps(db, memberId, latest.steps)),
    },
    history: earlier.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      stepCount: row.steps.length,
    })),
  };
}

/** Visitors' results never claimed are dropped after 30 days (a batch at a time). */
export async function deleteUnclaimedResults(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const expired = db
    .select({ id: assessmentResults.id })
    .from(assessmentResults)
    .where(and(isNull(assessmentResults.userId), lt(assessmentResults.createdAt, before)))
    .orderBy(assessmentResults.createdAt)
    .limit(500);
  const deleted = await db
    .delete(assessmentResults)
    .where(inArray(assessmentResults.id, expired))
    .returning({ id: assessmentResults.id });
  return deleted.length;
}
