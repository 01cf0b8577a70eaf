import {
  ALREADY_REQUESTED,
  CIRCLE_FULL,
  CIRCLE_NOT_FOUND,
  type Circle,
  type CircleRequest,
  INSTANT_JOIN_TYPES,
  type JoinResult,
  NO_REQUESTS_TO_SEE,
  NOT_IN_THIS_CIRCLE,
} from '@lunara/shared/circles';
import { isModeratorRole } from '@lunara/shared/roles';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { circleMemberships, circles } from '../../db/schema/circles.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import type { Actor } from '../feed/post-service.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { publishEvent } from '../realtime/publish.ts';
import { requireCircleModerator } from './circle-access.ts';
import { joinCircleChat } from './circle-chat.ts';
import { afterLeavingCircle } from './circle-members.ts';

const MAX_CIRCLES = 100;
const MAX_REQUESTS = 100;

/** Active circles, newest first, with their approved member count and the member's own status. */
export async function listCircles(db: Db, viewerId: string): Promise<Circle[]> {
  const rows = await db
    .select({
      circle: circles,
      memberCount: sql<number>`(select count(*)::int from ${circleMemberships} m where m.circle_id = ${circles.id} and m.status = 'approved')`,
      myStatus: circleMemberships.status,
    })
    .from(circles)
    .leftJoin(
      circleMemberships,
      and(eq(circleMemberships.circleId, circles.id), eq(circleMemberships.userId, viewerId)),
    )
    .where(eq(circles.isActive, true))
    .orderBy(desc(circles.createdAt), asc(circles.name))
    .limit(builderLimit(MAX_CIRCLES));
  return rows.map(({ circle, memberCount, myStatus }) => ({
    id: circle.id,
    name: circle.name,
    description: circle.description,
    type: circle.type as Circle['type'],
    focusArea: circle.focusArea,
    maxMembers: circle.maxMembers,
    memberCount,
    isMember: myStatus === 'approved',
    myStatus: (myStatus as Circle['myStatus']) ?? null,
  }));
}

async function lockCircle(tx: Db, circleId: string) {
  const [circle] = await tx
    .select()
    .from(circles)
    .where(and(eq(circles.id, circleId), eq(circles.isActive, true)))
    .for('update');
  if (!circle) throw notFound(CIRCLE_NOT_FOUND);
  return circle;
}

async function approvedCount(tx: Db, circleId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.status, 'approved')));
  return row?.n ?? 0;
}

/**
 * Joining (spec section 4): course-aligned and specialized circles take the member at once, up to
 * max_members; open circles get a request a moderator approves; private ones an invitation request.
 * The circle row is locked, so concurrent joins cannot overfill it.
 */
export async function joinCircle(db: Db, userId: string, circleId: string): Promise<JoinResult> {
  return db.transaction(async (tx) => {
    const circle = await lockCircle(tx, circleId);
    const [existing] = await tx
      .select()
      .from(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, userId)));
    if (existing && existing.status !== 'declined') throw new AppError('CONFLICT', 409, ALREADY_REQUESTED);
    // A member removed from the circle (or declined) asks again: a host decides, whatever the circle's type.
    const isInstant = (INSTANT_JOIN_TYPES as readonly string[]).includes(circle.type) && !existing;
    if (isInstant && (await approvedCount(tx, circleId)) >= circle.maxMembers) throw conflict(CIRCLE_FULL);
    const status = isInstant ? 'approved' : 'pending';
    await tx
      .insert(circleMemberships)
      .values({ circleId, userId, status })
      .onConflictDoUpdate({
        target: [circleMemberships.circleId, circleMemberships.userId],
        set: { status, role: 'member', decidedBy: null, updatedAt: sql`now()` },
      });
    if (isInstant) await joinCircleChat(tx, circle.conversationId, userId);
    return isInstant
      ? { status: 'approved', message: 'Welcome to the circle!' }
      : {
          status: 'pending',
          message: circle.type === 'private' ? 'Invitation request sent' : 'Join request sent successfully!',
        };
  });
}

/**
 * Leaving, or withdrawing a request. Under the circle's lock, in one transaction: her access ends at her
 * next request, she leaves its chat and its circle-only events (a last host may leave: admins name another).
 */
export async function leaveCircle(db: Db, userId: string, circleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [circle] = await tx
      .select({ id: circles.id, conversationId: circles.conversationId })
      .from(circles)
      .where(eq(circles.id, circleId))
      .for('update');
    const removed = circle
      ? await tx
          .delete(circleMemberships)
          .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, userId)))
          .returning({ status: circleMemberships.status })
      : [];
    if (!circle || removed.length === 0) throw notFound(NOT_IN_THIS_CIRCLE);
    if (removed[0]?.status === 'approved') await afterLeavingCircle(tx, circle, userId);
  });
}

/**
 * Pending requests, oldest first: every circle's for moderators and admins, her circles' for a host
 * (of active circles); `circleId` narrows it to one circle. Anyone else is refused.
 */
export async function listPendingRequests(db: Db, actor: Actor, circleId?: string): Promise<CircleRequest[]> {
  const conditions: SQL[] = [eq(circleMemberships.status, 'pending')];
  if (circleId) {
    await requireCircleModerator(db, actor, circleId);
    conditions.push(eq(circleMemberships.circleId, circleId));
  } else if (!isModeratorRole(actor.role)) {
    // A host: her active circles' requests. Someone who hosts none has no requests to see.
    const hosted = await db
      .select({ circleId: circleMemberships.circleId })
      .from(circleMemberships)
      .innerJoin(circles, and(eq(circles.id, circleMemberships.circleId), eq(circles.isActive, true)))
      .where(
        and(
          eq(circleMemberships.userId, actor.id),
          eq(circleMemberships.status, 'approved'),
          eq(circleMemberships.role, 'host'),
        ),
      );
    if (hosted.length === 0) throw forbidden(NO_REQUESTS_TO_SEE);
    conditions.push(
      inArray(
        circleMemberships.circleId,
        hosted.map((row) => row.circleId),
      ),
    );
  }
  const rows = await db
    .select({
      membership: circleMemberships,
      circleName: circles.name,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(circleMemberships)
    .innerJoin(circles, eq(circles.id, circleMemberships.circleId))
    .leftJoin(profiles, eq(profiles.id, circleMemberships.userId))
    .where(and(...conditions))
    .orderBy(asc(circleMemberships.createdAt))
    .limit(builderLimit(MAX_REQUESTS));
  return rows.map((row) => ({
    id: row.membership.id,
    circleId: row.membership.circleId,
    circleName: row.circleName,
    userId: row.membership.userId,
    displayName: row.displayName ?? 'Sacred Sister',
    avatarUrl: servedAvatarUrl(row.avatarUrl),
    requestedAt: row.membership.createdAt.toISOString(),
  }));
}

export const OWN_REQUEST_MESSAGE = 'You cannot decide your own join request: another moderator or an admin will';

/**
 * Approve (within capacity; the member is told with circle_invite and joins the circle's chat) or decline
 * (told with circle_declined) a request: a host of its circle, a moderator or an admin. Audited. Her open
 * pages refresh her circles at once, even with circle notifications off. A moderator cannot decide her own
 * request (decision 016); an admin can, as she could give herself any role.
 */
export async function decideRequest(db: Db, actor: Actor, membershipId: string, approve: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(circleMemberships).where(eq(circleMemberships.id, membershipId));
    if (found?.status !== 'pending') throw notFound('This request has already been decided');
    const { circle } = await requireCircleModerator(tx, actor, found.circleId, { lock: true });
    if (!circle.isActive) throw notFound(CIRCLE_NOT_FOUND);
    // Read again under the circle's lock: of two moderators deciding at once, the second finds it decided.
    const [request] = await tx.select().from(circleMemberships).where(eq(circleMemberships.id, membershipId));
    if (request?.status !== 'pending') throw notFound('This request has already been decided');
    if (request.userId === actor.id && actor.role !== 'admin') throw forbidden(OWN_REQUEST_MESSAGE);
    if (approve && (await approvedCount(tx, circle.id)) >= circle.maxMembers) throw conflict(CIRCLE_FULL);
    await tx
      .update(circleMemberships)
      .set({ status: approve ? 'approved' : 'declined', decidedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(circleMemberships.id, membershipId));
    if (approve) await joinCircleChat(tx, circle.conversationId, request.userId);
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: approve ? 'circle.approve' : 'circle.decline',
      targetType: 'circle_membership',
      targetId: membershipId,
      details: { circleId: circle.id, userId: request.userId },
    });
    await createNotification(tx, {
      userId: request.userId,
      actorId: actor.id,
      ...(approve
        ? {
            type: 'circle_invite' as const,
            title: 'Welcome to the circle',
            message: `Your request to join ${circle.name} was approved`,
          }
        : {
            type: 'circle_declined' as const,
            title: 'Join request declined',
            message: `Your request to join ${circle.name} was not accepted this time. You may ask again later.`,
          }),
      data: { circleId: circle.id },
    });
    await publishEvent(tx, request.userId, { type: 'circle.membership-changed', circleId: circle.id });
  });
}
