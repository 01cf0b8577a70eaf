import {
  CANNOT_REMOVE_SELF,
  CIRCLE_MEMBERS_PAGE_SIZE,
  type CircleDetail,
  type CircleMember,
  type CircleMemberPage,
  NOT_A_CIRCLE_MEMBER,
  ONLY_ADMINS_REMOVE_HOSTS,
  ONLY_ADMINS_SET_HOSTS,
} from '@lunara/shared/circles';
import type { CircleMemberRole } from '@lunara/shared/community';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { circleMemberships } from '../../db/schema/circles.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, microsOf, timestampFromMicros } from '../../lib/cursor.ts';
import { dropCircleOnlyRsvps } from '../events/circle-event-rsvps.ts';
import type { Actor } from '../feed/post-service.ts';
import { dropCircleNotifications } from '../notifications/circle-content-notifications.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { publishEvent } from '../realtime/publish.ts';
import { circleAccessOf, requireCircleInside, requireCircleModerator } from './circle-access.ts';
import { ensureCircleConversation, leaveCircleChat } from './circle-chat.ts';

/** How many hosts a circle's page names (admins name a few; the members list has them all). */
const HOSTS_SHOWN = 20;
const FALLBACK_NAME = 'Sacred Sister';

/**
 * A circle's page as `viewer` may see it (circle-access.ts decides). An outsider of a private circle
 * learns its name, type and her own request; of any other, its outside (description, focus, capacity,
 * count and hosts); members and staff everything. Its chat is its members' alone, made the first time one
 * of them opens the page. An archived circle is a 404 to all but staff.
 */
export async function getCircleDetail(db: Db, viewer: Actor, circleId: string): Promise<CircleDetail> {
  const access = await circleAccessOf(db, viewer, circleId);
  const { circle, membership } = access;
  const myStatus = (membership?.status as CircleDetail['myStatus']) ?? null;
  const shared = {
    id: circle.id,
    name: circle.name,
    type: circle.type as CircleDetail['type'],
    isMember: access.isMember,
    myStatus,
    myRole: access.isMember ? (membership?.role ?? null) : null,
    canSeeInside: access.canSeeInside,
    canModerate: access.canModerate,
    canScheduleEvents: access.canScheduleEvents,
    canAssignHosts: access.canAssignHosts,
  };
  if (circle.type === 'private' && !access.canSeeInside) {
    return {
      ...shared,
      description: null,
      focusArea: null,
      maxMembers: null,
      memberCount: null,
      hosts: [],
      conversationId: null,
    };
  }
  let conversationId: string | null = null;
  if (access.isMember) {
    conversationId = circle.conversationId ?? (await db.transaction((tx) => ensureCircleConversation(tx, circle.id)));
  }
  const [counted] = await db
    .select({ n: count() })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.status, 'approved')));
  const hosts = await db
    .select({ userId: circleMemberships.userId, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl })
    .from(circleMemberships)
    .leftJoin(profiles, eq(profiles.id, circleMemberships.userId))
    .where(
      and(
        eq(circleMemberships.circleId, circle.id),
        eq(circleMemberships.status, 'approved'),
        eq(circleMemberships.role, 'host'),
      ),
    )
    .orderBy(asc(circleMemberships.updatedAt), asc(circleMemberships.userId))
    .limit(builderLimit(HOSTS_SHOWN));
  return {
    ...shared,
    description: circle.description,
    focusArea: circle.focusArea,
    maxMembers: circle.maxMembers,
    memberCount: counted?.n ?? 0,
    hosts: hosts.map((host) => ({
      userId: host.userId,
      displayName: host.displayName ?? FALLBACK_NAME,
      avatarUrl: servedAvatarUrl(host.avatarUrl),
    })),
    conversationId,
  };
}

/** [host?, joined (micros), member id]: the members list's order, hosts first, then by join time. */
const MEMBERS_CURSOR = ['boolean', 'micros', 'memberId'] as const;

/**
 * A circle's approved members, to its members and staff: hosts first, then by when each joined (the time
 * her membership was approved, which a role change leaves alone), keyset-paged on
 * circle_memberships_members_idx ('host' sorts before 'member').
 */
export async function listCircleMembers(
  db: Db,
  viewer: Actor,
  circleId: string,
  cursor?: string,
): Promise<CircleMemberPage> {
  await requireCircleInside(db, viewer, circleId);
  const after = cursor ? decodeCursor(cursor, [...MEMBERS_CURSOR]) : undefined;
  const rows = await db
    .select({
      userId: circleMemberships.userId,
      role: circleMemberships.role,
      joinedAt: circleMemberships.updatedAt,
      micros: microsOf(circleMemberships.updatedAt),
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(circleMemberships)
    .leftJoin(profiles, eq(profiles.id, circleMemberships.userId))
    .where(
      and(
        eq(circleMemberships.circleId, circleId),
        eq(circleMemberships.status, 'approved'),
        after
          ? sql`(${circleMemberships.role}, ${circleMemberships.updatedAt}, ${circleMemberships.userId}) >
                (${after[0] ? 'host' : 'member'}, ${timestampFromMicros(String(after[1]))}, ${String(after[2])})`
          : undefined,
      ),
    )
    .orderBy(asc(circleMemberships.role), asc(circleMemberships.updatedAt), asc(circleMemberships.userId))
    .limit(builderLimit(CIRCLE_MEMBERS_PAGE_SIZE + 1));
  const page = rows.slice(0, CIRCLE_MEMBERS_PAGE_SIZE);
  const last = page.at(-1);
  const items: CircleMember[] = page.map((row) => ({
    userId: row.userId,
    displayName: row.displayName ?? FALLBACK_NAME,
    avatarUrl: servedAvatarUrl(row.avatarUrl),
    role: row.role as CircleMemberRole,
    joinedAt: row.joinedAt.toISOString(),
  }));
  return {
    items,
    nextCursor:
      rows.length > CIRCLE_MEMBERS_PAGE_SIZE && last
        ? encodeCursor([last.role === 'host', last.micros, last.userId])
        : null,
  };
}

/**
 * Everything that goes with losing a circle, in the caller's transaction (which holds the circle's row):
 * out of its chat, her answers to its circle-only events taken back, and her open pages told at once.
 */
export async function afterLeavingCircle(
  tx: Db,
  circle: { id: string; conversationId: string | null },
  userId: string,
): Promise<void> {
  await leaveCircleChat(tx, circle.conversationId, userId);
  await dropCircleOnlyRsvps(tx, circle.id, userId);
  // What she was told of inside the circle would lead to pages she can no longer open.
  await dropCircleNotifications(tx, circle.id, userId);
  await publishEvent(tx, userId, { type: 'circle.membership-changed', circleId: circle.id });
}

async function approvedMembership(tx: Db, circleId: string, userId: string) {
  const [membership] = await tx
    .select()
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, userId)));
  if (membership?.status !== 'approved') throw notFound(NOT_A_CIRCLE_MEMBER);
  return membership;
}

/**
 * A host of the circle, a moderator or an admin removes a member: her access ends at her next request,
 * she leaves its chat and its circle-only events, and she is told. Only admins remove a host; nobody
 * removes herself here (she leaves). Audited.
 */
export async function removeCircleMember(db: Db, actor: Actor, circleId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { circle } = await requireCircleModerator(tx, actor, circleId, { lock: true });
    if (userId === actor.id) throw badRequest(CANNOT_REMOVE_SELF);
    const membership = await approvedMembership(tx, circleId, userId);
    if (membership.role === 'host' && actor.role !== 'admin') throw forbidden(ONLY_ADMINS_REMOVE_HOSTS);
    // Kept as a declined request, not deleted: asking again then waits for a host's yes, even in a circle
    // that takes members at once (she would otherwise be back in a click).
    await tx
      .update(circleMemberships)
      .set({ status: 'declined', role: 'member', decidedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(circleMemberships.id, membership.id));
    await afterLeavingCircle(tx, circle, userId);
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: 'circle.remove_member',
      targetType: 'circle_membership',
      targetId: membership.id,
      details: { circleId, userId, name: circle.name },
    });
    await createNotification(tx, {
      userId,
      actorId: actor.id,
      type: 'circle_declined',
      title: 'Removed from a circle',
      message: `You were removed from ${circle.name}`,
      data: { circleId },
    });
  });
}

/**
 * Admins name a circle's hosts (or make a host a member again). The member keeps her place in the members
 * list: her join time (updated_at) is not touched. Audited; her open pages learn it at once.
 */
export async function setCircleMemberRole(
  db: Db,
  actor: Actor,
  circleId: string,
  userId: string,
  role: CircleMemberRole,
): Promise<void> {
  if (actor.role !== 'admin') throw forbidden(ONLY_ADMINS_SET_HOSTS);
  await db.transaction(async (tx) => {
    await circleAccessOf(tx, actor, circleId, { lock: true });
    const membership = await approvedMembership(tx, circleId, userId);
    if (membership.role === role) return;
    await tx.update(circleMemberships).set({ role }).where(eq(circleMemberships.id, membership.id));
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: 'circle.set_role',
      targetType: 'circle_membership',
      targetId: membership.id,
      details: { circleId, userId, role, previous: membership.role },
    });
    await publishEvent(tx, userId, { type: 'circle.membership-changed', circleId });
  });
}
