import {
  POD_ALREADY_MEMBER,
  POD_ALREADY_REQUESTED,
  POD_CLOSED,
  POD_FULL,
  POD_LIST_MAX,
  POD_MAX_CAPACITY,
  POD_MEETINGS_SHOWN,
  POD_MENTOR_CANNOT_LEAVE,
  type PodDetail,
  type PodMembershipStatus,
  type PodRole,
  type PodSummary,
} from '@lunara/shared/pods';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { profiles } from '../../db/schema/members.ts';
import { podGoals, podMeetings, podMemberships, pods } from '../../db/schema/pods.ts';
import { conflict, notFound } from '../../errors.ts';
import { isBlockedEitherWay } from '../blocks/block-service.ts';
import type { Actor } from '../feed/post-service.ts';
import { removeGroupMember } from '../messages/group-conversations.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { findMembership, findPod, isLead, type PodRow, refuseHidden } from './pod-access.ts';

const mentorProfile = sql`mentor_profile`;

/** People in the pod now (accepted), the mentor included: what capacity is measured against. */
export async function countPeople(tx: Db, podId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(podMemberships)
    .where(and(eq(podMemberships.podId, podId), eq(podMemberships.status, 'accepted')));
  return row?.n ?? 0;
}

/** A pod's head count (accepted, the mentor included), as a column of a query over pods. */
export const peopleCount = sql<number>`(select count(*)::int from ${podMemberships} pm where pm.pod_id = ${pods.id} and pm.status = 'accepted')`;

/** What every view of a pod shows: its fields, head count and mentor. */
export function podFields(
  pod: PodRow,
  memberCount: number,
  mentor: { name: string | null; avatar: string | null },
): Omit<PodSummary, 'myStatus' | 'myRole'> {
  return {
    id: pod.id,
    name: pod.name,
    description: pod.description,
    focus: pod.focus,
    capacity: pod.capacity,
    memberCount,
    isOpen: pod.isOpen,
    mentor: pod.mentorId
      ? { id: pod.mentorId, displayName: mentor.name ?? 'Sacred Sister', avatarUrl: servedAvatarUrl(mentor.avatar) }
      : null,
  };
}

async function readSummaries(db: Db, viewerId: string, where: SQL | undefined) {
  const rows = await db
    .select({
      pod: pods,
      memberCount: peopleCount,
      myStatus: podMemberships.status,
      myRole: podMemberships.role,
      mentorName: sql<string | null>`${mentorProfile}.display_name`,
      mentorAvatar: sql<string | null>`${mentorProfile}.avatar_url`,
    })
    .from(pods)
    .leftJoin(podMemberships, and(eq(podMemberships.podId, pods.id), eq(podMemberships.userId, viewerId)))
    .leftJoin(sql`${profiles} as ${mentorProfile}`, sql`${mentorProfile}.id = ${pods.mentorId}`)
    .where(where)
    .orderBy(desc(pods.createdAt), asc(pods.id))
    .limit(builderLimit(POD_LIST_MAX));
  return rows.map(
    ({ pod, memberCount, myStatus, myRole, mentorName, mentorAvatar }): PodSummary => ({
      ...podFields(pod, memberCount, { name: mentorName, avatar: mentorAvatar }),
      myStatus: (myStatus as PodMembershipStatus | null) ?? null,
      myRole: (myRole as PodRole | null) ?? null,
    }),
  );
}

/** Open pods and every pod she is in or asked to join, newest first (at most 100). */
export function listPods(db: Db, viewer: Actor): Promise<PodSummary[]> {
  // A closed pod is listed to its people: those in it and those whose request waits (refuseHidden's rule).
  return readSummaries(
    db,
    viewer.id,
    or(eq(pods.isOpen, true), inArray(podMemberships.status, ['pending', 'accepted'])),
  );
}

async function readInside(db: Db, pod: PodRow, viewer: Actor): Promise<NonNullable<PodDetail['inside']>> {
  const [members, goals, meetings] = await Promise.all([
    db
      .select({ membership: podMemberships, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl })
      .from(podMemberships)
      .leftJoin(profiles, eq(profiles.id, podMemberships.userId))
      .where(and(eq(podMemberships.podId, pod.id), eq(podMemberships.status, 'accepted')))
      .orderBy(desc(podMemberships.role), asc(podMemberships.decidedAt), asc(podMemberships.id))
      .limit(builderLimit(POD_MAX_CAPACITY)),
    db
      .select()
      .from(podGoals)
      .where(eq(podGoals.podId, pod.id))
      .orderBy(asc(podGoals.createdAt), asc(podGoals.id))
      .limit(builderLimit(50)),
    db
      .select()
      .from(podMeetings)
      .where(
        and(
          eq(podMeetings.podId, pod.id),
          eq(podMeetings.isCancelled, false),
          // Still listed while it runs: "now" is before its end.
          gt(podMeetings.startsAt, sql`now() - interval '8 hours'`),
          sql`${podMeetings.startsAt} + make_interval(mins => ${podMeetings.durationMinutes}) > now()`,
        ),
      )
      .orderBy(asc(podMeetings.startsAt), asc(podMeetings.id))
      .limit(builderLimit(POD_MEETINGS_SHOWN)),
  ]);
  return {
    members: members.map(({ membership, displayName, avatarUrl }) => ({
      id: membership.userId,
      displayName: displayName ?? 'Sacred Sister',
      avatarUrl: servedAvatarUrl(avatarUrl),
      role: membership.role as PodRole,
      joinedAt: (membership.decidedAt ?? membership.createdAt).toISOString(),
    })),
    goals: goals.map((goal) => ({ id: goal.id, title: goal.title, isDone: goal.isDone })),
    meetings: meetings.map((meeting) => ({
      id: meeting.id,
      title: meeting.title,
      description: meeting.description,
      startsAt: meeting.startsAt.toISOString(),
      durationMinutes: meeting.durationMinutes,
      meetingLink: meeting.meetingLink,
      location: meeting.location,
    })),
    conversationId: pod.conversationId,
    canLead: isLead(pod, viewer),
  };
}

/**
 * One pod: what anyone who may see it reads, and for its people (and admins) its members, goals,
 * meetings and conversation.
 */
export async function getPod(db: Db, viewer: Actor, podId: string): Promise<PodDetail> {
  const pod = await findPod(db, podId);
  const membership = await findMembership(db, podId, viewer.id);
  refuseHidden(pod, viewer, membership);
  const [summary] = await readSummaries(db, viewer.id, eq(pods.id, podId));
  if (!summary) throw notFound('This pod does not exist');
  const inside = membership?.status === 'accepted' || viewer.role === 'admin';
  return { ...summary, inside: inside ? await readInside(db, pod, viewer) : null };
}

/**
 * A request with a short note, told to the mentor. Under the pod's lock: a full pod refuses now rather
 * than leave a request nobody can accept, and a double submit meets the first row (409).
 */
export async function requestToJoin(db: Db, actor: Actor, podId: string, note: string) {
  return db.transaction(async (tx) => {
    const pod = await findPod(tx, podId, true);
    const existing = await findMembership(tx, podId, actor.id);
    refuseHidden(pod, actor, existing);
    if (existing?.status === 'accepted') throw conflict(POD_ALREADY_MEMBER);
    if (existing?.status === 'pending') throw conflict(POD_ALREADY_REQUESTED);
    if (!pod.isOpen) throw conflict(POD_CLOSED);
    // A mentor either side of a block takes no request from her: the answer a closed pod gives, which
    // tells a blocked member nothing more.
    if (pod.mentorId && (await isBlockedEitherWay(tx, actor.id, pod.mentorId))) throw conflict(POD_CLOSED);
    if ((await countPeople(tx, podId)) >= pod.capacity) throw conflict(POD_FULL);
    const [row] = await tx
      .insert(podMemberships)
      .values({ podId, userId: actor.id, note })
      .onConflictDoUpdate({
        target: [podMemberships.podId, podMemberships.userId],
        set: { status: 'pending', note, decidedBy: null, decidedAt: null, updatedAt: sql`now()` },
      })
      .returning({ id: podMemberships.id });
    if (pod.mentorId) {
      await createNotification(tx, {
        userId: pod.mentorId,
        actorId: actor.id,
        type: 'pod_request',
        title: 'A request to join your pod',
        message: `Someone asked to join ${pod.name}`,
        data: { podId },
        // One a day per member and pod: asking, withdrawing and asking again never floods the mentor.
        collapseKey: `pod_request:${podId}:${actor.id}:${new Date().toISOString().slice(0, 10)}`,
      });
    }
    return { status: 'pending' as const, membershipId: row?.id ?? '', message: 'Your request was sent to the mentor' };
  });
}

/** Leaving the pod (she leaves its conversation too; its history stays for the others) or withdrawing a request. */
export async function leavePod(db: Db, actor: Actor, podId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const pod = await findPod(tx, podId, true);
    const membership = await findMembership(tx, podId, actor.id);
    if (!membership || membership.status === 'declined') throw notFound('You are not in this pod');
    if (membership.role === 'mentor') throw conflict(POD_MENTOR_CANNOT_LEAVE);
    await tx.delete(podMemberships).where(eq(podMemberships.id, membership.id));
    if (membership.status === 'accepted' && pod.conversationId) {
      await removeGroupMember(tx, pod.conversationId, actor.id);
    }
  });
}
