import { POD_GOALS_FULL, POD_GOALS_MAX, type PodGoal } from '@lunara/shared/pods';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { podGoals } from '../../db/schema/pods.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Actor } from '../feed/post-service.ts';
import { requireLead } from './pod-access.ts';

const GOAL_NOT_FOUND = 'This goal does not exist';

async function readGoals(tx: Db, podId: string): Promise<PodGoal[]> {
  const rows = await tx
    .select({ id: podGoals.id, title: podGoals.title, isDone: podGoals.isDone })
    .from(podGoals)
    .where(eq(podGoals.podId, podId))
    .orderBy(asc(podGoals.createdAt), asc(podGoals.id))
    .limit(builderLimit(POD_GOALS_MAX + 5));
  return rows;
}

/** A new goal, counted under the pod's lock so that two adds cannot pass the limit together. */
export async function addGoal(db: Db, actor: Actor, podId: string, title: string): Promise<PodGoal[]> {
  return db.transaction(async (tx) => {
    await requireLead(tx, podId, actor, true);
    const [row] = await tx.select({ n: count() }).from(podGoals).where(eq(podGoals.podId, podId));
    if ((row?.n ?? 0) >= POD_GOALS_MAX) throw conflict(POD_GOALS_FULL);
    await tx.insert(podGoals).values({ podId, title, createdBy: actor.id });
    return readGoals(tx, podId);
  });
}

export async function updateGoal(
  db: Db,
  actor: Actor,
  podId: string,
  goalId: string,
  change: { title?: string | undefined; isDone?: boolean | undefined },
): Promise<PodGoal[]> {
  return db.transaction(async (tx) => {
    await requireLead(tx, podId, actor);
    const updated = await tx
      .update(podGoals)
      .set({
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.isDone !== undefined ? { isDone: change.isDone } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(podGoals.id, goalId), eq(podGoals.podId, podId)))
      .returning({ id: podGoals.id });
    if (updated.length === 0) throw notFound(GOAL_NOT_FOUND);
    return readGoals(tx, podId);
  });
}

export async function deleteGoal(db: Db, actor: Actor, podId: string, goalId: string): Promise<PodGoal[]> {
  return db.transaction(async (tx) => {
    await requireLead(tx, podId, actor);
    const deleted = await tx
      .delete(podGoals)
      .where(and(eq(podGoals.id, goalId), eq(podGoals.podId, podId)))
      .returning({ id: podGoals.id });
    if (deleted.length === 0) throw notFound(GOAL_NOT_FOUND);
    return readGoals(tx, podId);
  });
}
