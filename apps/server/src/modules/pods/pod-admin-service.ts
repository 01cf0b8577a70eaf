import {
  type AdminPod,
  POD_CAPACITY_TOO_SMALL,
  POD_FULL,
  POD_MENTOR_NO_ACCESS,
  POD_VERSION_CONFLICT,
  type podBodySchema,
  type podUpdateSchema,
} from '@lunara/shared/pods';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { podMemberships, pods } from '../../db/schema/pods.ts';
import { AppError, conflict, versionConflict } from '../../errors.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { addGroupMember, createGroupConversation, renameGroupConversation } from '../messages/group-conversations.ts';
import { findMembership, findPod } from './pod-access.ts';
import { countPeople, peopleCount, podFields } from './pod-service.ts';

type PodInput = z.output<typeof podBodySchema>;
type PodUpdateInput = z.output<typeof podUpdateSchema>;

/** The mentor must be someone the pod's guard lets in, or she could never reach her own pod. */
async function refuseMentorWithoutAccess(tx: Db, mentorId: string) {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select exists (select 1 from profiles where id = ${mentorId}) and ${canUseCommunity(mentorId)} as ok`,
  );
  if (!row?.ok) throw new AppError('VALIDATION_ERROR', 400, POD_MENTOR_NO_ACCESS);
}

/** Every pod for the admins (a few hundred at most), with its mentor and head count. */
export async function listAdminPods(db: Db): Promise<AdminPod[]> {
  const rows = await db
    .select({
      pod: pods,
      mentorName: profiles.displayName,
      mentorAvatar: profiles.avatarUrl,
      memberCount: peopleCount,
    })
    .from(pods)
    .leftJoin(profiles, eq(profiles.id, pods.mentorId))
    .orderBy(desc(pods.createdAt), desc(pods.id))
    .limit(builderLimit(500));
  return rows.map(({ pod, mentorName, mentorAvatar, memberCount }) => ({
    ...podFields(pod, memberCount, { name: mentorName, avatar: mentorAvatar }),
    version: pod.version,
  }));
}

/** A pod, its mentor's place in it and its group conversation (the mentor its first member), in one transaction. */
export async function createPod(db: Db, actorId: string, body: PodInput): Promise<string> {
  return db.transaction(async (tx) => {
    await refuseMentorWithoutAccess(tx, body.mentorId);
    const [pod] = await tx
      .insert(pods)
      .values({
        name: body.name,
        description: body.description,
        focus: body.focus,
        capacity: body.capacity,
        mentorId: body.mentorId,
        isOpen: body.isOpen,
        createdBy: actorId,
      })
      .returning({ id: pods.id });
    if (!pod) throw new Error('The pod was not saved');
    await tx.insert(podMemberships).values({
      podId: pod.id,
      userId: body.mentorId,
      status: 'accepted',
      role: 'mentor',
      decidedBy: actorId,
      decidedAt: sql`now()`,
    });
    const conversationId = await createGroupConversation(tx, {
      title: body.name,
      createdBy: actorId,
      memberIds: [body.mentorId],
    });
    await tx.update(pods).set({ conversationId }).where(eq(pods.id, pod.id));
    await tx.insert(auditLog).values({
      actorId,
      action: 'pod.create',
      targetType: 'pod',
      targetId: pod.id,
      details: { name: body.name, mentorId: body.mentorId },
    });
    return pod.id;
  });
}

/** A new mentor takes the mentor's place (joining when she was not in it, within capacity); the former one stays as a member. */
async function changeMentor(tx: Db, pod: typeof pods.$inferSelect, mentorId: string, actorId: string) {
  await refuseMentorWithoutAccess(tx, mentorId);
  const existing = await findMembership(tx, pod.id, mentorId);
  if (existing?.status !== 'accepted' && (await countPeople(tx, pod.id)) >= pod.capacity) throw conflict(POD_FULL);
  await tx
    .update(podMemberships)
    .set({ role: 'member', updatedAt: sql`now()` })
    .where(and(eq(podMemberships.podId, pod.id), eq(podMemberships.role, 'mentor')));
  await tx
    .insert(podMemberships)
    .values({ podId: pod.id, userId: mentorId, status: 'accepted', role: 'mentor', decidedBy: actorId })
    .onConflictDoUpdate({
      target: [podMemberships.podId, podMemberships.userId],
      set: {
        status: 'accepted',
        role: 'mentor',
        decidedBy: actorId,
        decidedAt: sql`coalesce(${podMemberships.decidedAt}, now())`,
        updatedAt: sql`now()`,
      },
    });
  if (pod.conversationId) await addGroupMember(tx, pod.conversationId, mentorId);
}

/** An edit from the version the admin read (409 otherwise), under the pod's lock. */
export async function updatePod(db: Db, actorId: string, podId: string, body: PodUpdateInput): Promise<number> {
  return db.transaction(async (tx) => {
    const pod = await findPod(tx, podId, true);
    if (pod.version !== body.version) throw versionConflict(POD_VERSION_CONFLICT);
    if (body.capacity < (await countPeople(tx, podId))) throw conflict(POD_CAPACITY_TOO_SMALL);
    if (body.mentorId !== pod.mentorId)
      await changeMentor(tx, { ...pod, capacity: body.capacity }, body.mentorId, actorId);
    const [updated] = await tx
      .update(pods)
      .set({
        name: body.name,
        description: body.description,
        focus: body.focus,
        capacity: body.capacity,
        mentorId: body.mentorId,
        isOpen: body.isOpen,
        version: sql`${pods.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(pods.id, podId))
      .returning({ version: pods.version });
    if (body.name !== pod.name && pod.conversationId) await renameGroupConversation(tx, pod.conversationId, body.name);
    await tx.insert(auditLog).values({
      actorId,
      action: 'pod.update',
      targetType: 'pod',
      targetId: podId,
      details: { name: body.name, ...(body.mentorId !== pod.mentorId ? { mentorId: body.mentorId } : {}) },
    });
    return updated?.version ?? body.version + 1;
  });
}
