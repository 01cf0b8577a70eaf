import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { podMemberships, pods } from '../../db/schema/pods.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Actor } from '../feed/post-service.ts';

export const POD_NOT_FOUND = 'This pod does not exist';
export const LEAD_ONLY = "Only the pod's mentor or an admin can do this";
export const MEMBERS_ONLY = "Only the pod's members can see this";

export type PodRow = typeof pods.$inferSelect;
export type PodMembershipRow = typeof podMemberships.$inferSelect;

/**
 * The pod, locked when `lock` (every change to who is in it, its goals or its meetings takes the lock, so
 * capacity and the goal count are counted once at a time).
 */
export async function findPod(tx: Db, podId: string, lock = false): Promise<PodRow> {
  const query = tx.select().from(pods).where(eq(pods.id, podId));
  const [pod] = lock ? await query.for('update') : await query;
  if (!pod) throw notFound(POD_NOT_FOUND);
  return pod;
}

export async function findMembership(tx: Db, podId: string, userId: string): Promise<PodMembershipRow | undefined> {
  const [row] = await tx
    .select()
    .from(podMemberships)
    .where(and(eq(podMemberships.podId, podId), eq(podMemberships.userId, userId)));
  return row;
}

export const isLead = (pod: PodRow, actor: Actor) => actor.role === 'admin' || pod.mentorId === actor.id;

/** A closed pod is known only to its people and admins: anyone else gets the same 404 as for no pod. */
export function refuseHidden(pod: PodRow, actor: Actor, membership: PodMembershipRow | undefined) {
  // Its people: those in it and those whose request waits; a declined request is no way in.
  const isItsPerson = membership !== undefined && membership.status !== 'declined';
  if (!pod.isOpen && actor.role !== 'admin' && !isItsPerson) throw notFound(POD_NOT_FOUND);
}

/** The mentor or an admin: deciding, goals, meetings, removals. */
export async function requireLead(tx: Db, podId: string, actor: Actor, lock = false): Promise<PodRow> {
  const pod = await findPod(tx, podId, lock);
  if (isLead(pod, actor)) return pod;
  refuseHidden(pod, actor, await findMembership(tx, podId, actor.id));
  throw forbidden(LEAD_ONLY);
}
