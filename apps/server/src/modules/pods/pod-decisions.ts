import { POD_FULL, POD_REQUESTS_MAX, type PodRequest } from '@lunara/shared/pods';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { podMemberships } from '../../db/schema/pods.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Actor } from '../feed/post-service.ts';
import { addGroupMember, removeGroupMember } from '../messages/group-conversations.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { requireLead } from './pod-access.ts';
import { countPeople } from './pod-service.ts';

export const MENTOR_NOT_REMOVABLE = 'The mentor cannot be removed: an admin can choose another mentor first';

/** Pending requests, oldest first, for the mentor or an admin. */
export async function listRequests(db: Db, actor: Actor, podId: string): Promise<PodRequest[]> {
  await requireLead(db, podId, actor);
  const rows = await db
    .select({ membership: podMemberships, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl })
    .from(podMemberships)
    .leftJoin(profiles, eq(profiles.id, podMemberships.userId))
    .where(and(eq(podMemberships.podId, podId), eq(podMemberships.status, 'pending')))
    .orderBy(asc(podMemberships.createdAt), asc(podMemberships.id))
    .limit(builderLimit(POD_REQUESTS_MAX));
  return rows.map(({ membership, displayName, avatarUrl }) => ({
    membershipId: membership.id,
    id: membership.userId,
    displayName: displayName ?? 'Sacred Sister',
    avatarUrl: servedAvatarUrl(avatarUrl),
    note: membership.note,
    requestedAt: membership.createdAt.toISOString(),
  }));
}

/**
 * Accept (within capacity, counted under the pod's lock so that two accepts racing for the last place
 * cannot both pass; she joins the pod's conversation) or decline a request. She is told either way; audited.
 */
export async function decideRequest(
  db: Db,
  actor: Actor,
  podId: string,
  membershipId: string,
  accept: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const pod = await requireLead(tx, podId, actor, true);
    const [request] = await tx
      .select()
      .from(podMemberships)
      .where(and(eq(podMemberships.id, membershipId), eq(podMemberships.podId, podId)));
    if (request?.status !== 'pending') throw notFound('This request has already been decided');
    if (accept && (await countPeople(tx, podId)) >= pod.capacity) throw conflict(POD_FULL);
    await tx
      .update(podMemberships)
      .set({
        status: accept ? 'accepted' : 'declined',
        decidedBy: actor.id,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(podMemberships.id, membershipId));
    if (accept && pod.conversationId) await addGroupMember(tx, pod.conversationId, request.userId);
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: accept ? 'pod.accept' : 'pod.decline',
      targetType: 'pod_membership',
      targetId: membershipId,
      details: { podId, name: pod.name, userId: request.userId },
    });
    await createNotification(tx, {
      userId: request.userId,
      actorId: actor.id,
      ...(accept
        ? { type: 'pod_accepted' as const, title: 'Welcome to the pod', message: `You are now in ${pod.name}` }
        : {
            type: 'pod_declined' as const,
            title: 'Pod request declined',
            message: `Your request to join ${pod.name} was not accepted this time.`,
          }),
      data: { podId },
    });
  });
}

/** The mentor or an admin removes someone (or a pending request): she leaves the conversation, told; audited. */
export async function removeMember(db: Db, actor: Actor, podId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const pod = await requireLead(tx, podId, actor, true);
    const [membership] = await tx
      .select()
      .from(podMemberships)
      .where(and(eq(podMemberships.podId, podId), eq(podMemberships.userId, userId)));
    if (!membership || membership.status === 'declined') throw notFound('She is not in this pod');
    if (membership.role === 'mentor') throw conflict(MENTOR_NOT_REMOVABLE);
    await tx.delete(podMemberships).where(eq(podMemberships.id, membership.id));
    if (membership.status === 'accepted' && pod.conversationId) {
      await removeGroupMember(tx, pod.conversationId, userId);
    }
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: 'pod.remove_member',
      targetType: 'pod_membership',
      targetId: membership.id,
      details: { podId, name: pod.name, userId },
    });
    if (membership.status === 'accepted') {
      await createNotification(tx, {
        userId,
        actorId: actor.id,
        type: 'pod_removed',
        title: 'You left a pod',
        message: `You are no longer in ${pod.name}`,
        data: { podId },
      });
    }
  });
}
