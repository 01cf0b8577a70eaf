import { CIRCLE_NOT_FOUND, NOT_CIRCLE_HOST, NOT_IN_CIRCLE } from '@lunara/shared/circles';
import type { CircleMemberRole } from '@lunara/shared/community';
import { isModeratorRole } from '@lunara/shared/roles';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circleMemberships, circles } from '../../db/schema/circles.ts';
import { userRoles } from '../../db/schema/members.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Actor } from '../feed/post-service.ts';

/*
 * Who may see and do what inside a circle (issue 34), in one place. Everything posted, said or scheduled
 * in a circle is its approved members' (of an active circle) and staff's: moderators and admins, who
 * moderate it. Every read of circle content goes through `circleContentVisible` (lists) or
 * `requireCircleInside` (one circle), so leaving a circle ends access at the next request.
 */

/**
 * SQL: the viewer may read content whose circle is `circleId` (a column or expression; null means the
 * main feed, open to every member). Staff see every circle's.
 */
export function circleContentVisible(viewer: Actor, circleId: AnyColumn | SQL): SQL {
  if (isModeratorRole(viewer.role)) return sql`true`;
  return sql`(${circleId} is null or exists (
    select 1 from ${circleMemberships} cm
    join ${circles} c on c.id = cm.circle_id and c.is_active
    where cm.circle_id = ${circleId} and cm.user_id = ${viewer.id} and cm.status = 'approved'))`;
}

/** SQL: the viewer may see this event (a Sacred Event is everyone's; a circle-only one its circle's). */
export function eventVisible(viewer: Actor, visibility: AnyColumn | SQL, circleId: AnyColumn | SQL): SQL {
  if (isModeratorRole(viewer.role)) return sql`true`;
  return sql`(${visibility} = 'community' or ${circleContentVisible(viewer, sql`${circleId}`)})`;
}

export interface CircleAccess {
  circle: typeof circles.$inferSelect;
  /** Her own row: a request (pending, declined) or an approved membership. */
  membership: { status: string; role: CircleMemberRole } | null;
  isMember: boolean;
  isHost: boolean;
  isStaff: boolean;
  /** Feed, events and members: a member or staff. */
  canSeeInside: boolean;
  /** Decide requests, remove members: a host of this circle, a moderator, an admin. */
  canModerate: boolean;
  /** Schedule, edit and cancel the circle's events: a host of this circle or an admin. */
  canScheduleEvents: boolean;
  /** Name hosts: admins. */
  canAssignHosts: boolean;
}

/**
 * The viewer's standing in one circle. An inactive (archived) circle exists only for staff; anyone else
 * gets the same 404 as for a circle that never existed. Pass `tx` and `lock` to hold the circle's row
 * (joins, leaves, decisions and removals of one circle happen one at a time).
 */
export async function circleAccessOf(
  db: Db,
  viewer: Actor,
  circleId: string,
  options: { lock?: boolean; holdMembership?: boolean } = {},
): Promise<CircleAccess> {
  const isStaff = isModeratorRole(viewer.role);
  const query = db.select().from(circles).where(eq(circles.id, circleId));
  const [circle] = options.lock ? await query.for('update') : await query;
  if (!circle || (!circle.isActive && !isStaff)) throw notFound(CIRCLE_NOT_FOUND);
  const membershipQuery = db
    .select({ status: circleMemberships.status, role: circleMemberships.role })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, viewer.id)));
  // Held to the commit of what she writes inside (a post): a leave or removal then waits for it, or went
  // first and she is outside. Without it a post checked a moment before her leave committed landed after.
  const [row] = options.holdMembership ? await membershipQuery.for('share') : await membershipQuery;
  const membership = row ? { status: row.status, role: row.role as CircleMemberRole } : null;
  const isMember = membership?.status === 'approved' && circle.isActive;
  const isHost = isMember && membership?.role === 'host';
  return {
    circle,
    membership,
    isMember,
    isHost,
    isStaff,
    canSeeInside: isMember || isStaff,
    canModerate: isHost || isStaff,
    canScheduleEvents: isHost || viewer.role === 'admin',
    canAssignHosts: viewer.role === 'admin',
  };
}

/** The circle's inside (feed, events, members), or 403 for someone outside it (404 if she cannot know it). */
export async function requireCircleInside(db: Db, viewer: Actor, circleId: string): Promise<CircleAccess> {
  const access = await circleAccessOf(db, viewer, circleId);
  if (!access.canSeeInside) throw forbidden(NOT_IN_CIRCLE);
  return access;
}

/** Hosts, moderators and admins: join requests and removals. */
export async function requireCircleModerator(
  db: Db,
  viewer: Actor,
  circleId: string,
  options: { lock?: boolean } = {},
): Promise<CircleAccess> {
  const access = await circleAccessOf(db, viewer, circleId, options);
  if (!access.canModerate) throw forbidden(NOT_CIRCLE_HOST);
  return access;
}

/** Hosts and admins: the circle's events. */
export async function requireCircleScheduler(db: Db, viewer: Actor, circleId: string): Promise<CircleAccess> {
  const access = await circleAccessOf(db, viewer, circleId);
  if (!access.canScheduleEvents) throw forbidden(NOT_CIRCLE_HOST);
  return access;
}

/**
 * SQL: `eventVisible` for a member named by a column (jobs and lists about many members: reminders,
 * event notices, the calendar feed): staff by their role row, anyone else by her membership.
 */
export function eventVisibleToMember(
  userId: AnyColumn | SQL,
  visibility: AnyColumn | SQL,
  circleId: AnyColumn | SQL,
): SQL {
  return sql`(${visibility} = 'community' or ${circleContentVisibleToMember(userId, circleId)})`;
}

/**
 * SQL: `circleContentVisible` for a member named by a column or value (who may be told of a circle's
 * post: mentions, likes, comments, "new in your circle"; her notifications and digest): staff by their
 * role row, anyone else by her approved membership of the active circle. Null circle: the main feed.
 */
export function circleContentVisibleToMember(userId: AnyColumn | SQL, circleId: AnyColumn | SQL): SQL {
  return sql`(${circleId} is null
    or exists (select 1 from ${userRoles} ur where ur.user_id = ${userId} and ur.role in ('moderator', 'admin'))
    or exists (select 1 from ${circleMemberships} cm
               join ${circles} c on c.id = cm.circle_id and c.is_active
               where cm.circle_id = ${circleId} and cm.user_id = ${userId} and cm.status = 'approved'))`;
}
