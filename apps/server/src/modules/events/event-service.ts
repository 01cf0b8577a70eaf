import {
  type AttendeeList,
  type CircleEvent,
  EVENT_CANCELLED,
  EVENT_FULL,
  type EventView,
} from '@lunara/shared/circles';
import type { RsvpStatus } from '@lunara/shared/community';
import { isModeratorRole, ROLES } from '@lunara/shared/roles';
import { zonedDayRange, zonedWeekRange } from '@lunara/shared/time-zones';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, asc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { circleEvents, circleMemberships, circles, eventRsvps } from '../../db/schema/circles.ts';
import { profiles, userRoles } from '../../db/schema/members.ts';
import { conflict, notFound } from '../../errors.ts';
import { eventVisible } from '../circles/circle-access.ts';
import type { Actor } from '../feed/post-service.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { renderIcs } from './ics.ts';
import { holdsMeetingSeat } from './meeting-seat.ts';

const MAX_EVENTS = 100;
const MAX_ATTENDEES = 100;
const STAFF_ROLES = ROLES.filter(isModeratorRole);
export const EVENT_NOT_FOUND = 'This event does not exist';

function toEvent(row: {
  event: typeof circleEvents.$inferSelect;
  circle: typeof circles.$inferSelect;
  myRsvp: string | null;
  seesMeetingLink: boolean;
  canManage: boolean;
}): CircleEvent {
  const { event, circle } = row;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    eventDate: event.eventDate.toISOString(),
    endDate: new Date(event.eventDate.getTime() + event.durationMinutes * 60_000).toISOString(),
    durationMinutes: event.durationMinutes,
    isVirtual: event.isVirtual,
    // The room's key: for who is coming (going, or maybe while there is room), the host and staff;
    // anyone else sees "Online".
    meetingLink: row.seesMeetingLink ? event.meetingLink : null,
    location: event.location,
    maxAttendees: event.maxAttendees,
    attendeeCount: event.attendeeCount,
    circle: {
      id: circle.id,
      name: circle.name,
      focusArea: circle.focusArea,
      type: circle.type as CircleEvent['circle']['type'],
    },
    myRsvp: (row.myRsvp as RsvpStatus | null) ?? null,
    isCancelled: event.isCancelled,
    visibility: event.visibility as CircleEvent['visibility'],
    canManage: row.canManage,
  };
}

/** SQL: the viewer may edit and cancel the event: an admin, or a host of its (active) circle. */
function managesEvent(viewer: Actor): SQL {
  if (viewer.role === 'admin') return sql`true`;
  return sql`exists (select 1 from ${circleMemberships} cm
    where cm.circle_id = ${circleEvents.circleId} and cm.user_id = ${viewer.id}
      and cm.status = 'approved' and cm.role = 'host' and ${circles.isActive})`;
}

/** Only events the viewer may see (circle-access.ts): a circle-only event is its members' and staff's. */
const visibleTo = (viewer: Actor) => eventVisible(viewer, circleEvents.visibility, circleEvents.circleId);

function selectEvents(db: Db, viewer: Actor) {
  const viewerId = viewer.id;
  return db
    .select({
      event: circleEvents,
      circle: circles,
      myRsvp: eventRsvps.status,
      seesMeetingLink: sql<boolean>`(${holdsMeetingSeat}
        or ${circleEvents.createdBy} = ${viewerId}
        or exists (select 1 from ${userRoles} where ${userRoles.userId} = ${viewerId}
                   and ${inArray(userRoles.role, STAFF_ROLES)}))`,
      canManage: sql<boolean>`${managesEvent(viewer)}`,
    })
    .from(circleEvents)
    .innerJoin(circles, eq(circles.id, circleEvents.circleId))
    .leftJoin(eventRsvps, and(eq(eventRsvps.eventId, circleEvents.id), eq(eventRsvps.userId, viewerId)));
}

/**
 * Upcoming events she may see, soonest first: the community's and her circles' circle-only ones. Today
 * and This Week are the member's own calendar day and week (her time zone); My Events are those she is
 * going to or may attend.
 */
export async function listEvents(
  db: Db,
  viewer: Actor,
  view: EventView,
  timeZone: string,
  now = new Date(),
): Promise<CircleEvent[]> {
  const range =
    view === 'today' ? zonedDayRange(now, timeZone) : view === 'week' ? zonedWeekRange(now, timeZone) : undefined;
  const rows = await selectEvents(db, viewer)
    .where(
      and(
        visibleTo(viewer),
        eq(circleEvents.isCancelled, false),
        gt(circleEvents.eventDate, now),
        range ? and(gte(circleEvents.eventDate, range.start), lt(circleEvents.eventDate, range.end)) : undefined,
        view === 'mine' ? sql`${eventRsvps.status} in ('going', 'maybe')` : undefined,
      ),
    )
    .orderBy(asc(circleEvents.eventDate), asc(circleEvents.id))
    .limit(builderLimit(MAX_EVENTS));
  return rows.map(toEvent);
}

/**
 * A circle's upcoming events, both visibilities, soonest first (bounded): for its members and staff,
 * whom the caller has checked (requireCircleInside).
 */
export async function listCircleEvents(db: Db, viewer: Actor, circleId: string, now = new Date()) {
  const rows = await selectEvents(db, viewer)
    .where(
      and(eq(circleEvents.circleId, circleId), eq(circleEvents.isCancelled, false), gt(circleEvents.eventDate, now)),
    )
    .orderBy(asc(circleEvents.eventDate), asc(circleEvents.id))
    .limit(builderLimit(MAX_EVENTS));
  return rows.map(toEvent);
}

/**
 * One event, cancelled ones included: a notification about it stays a way to it, and the page then
 * says it was cancelled instead of leading nowhere. One she may not see is answered as one that never
 * existed.
 */
export async function getEvent(db: Db, viewer: Actor, eventId: string): Promise<CircleEvent> {
  const [row] = await selectEvents(db, viewer).where(and(eq(circleEvents.id, eventId), visibleTo(viewer)));
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return toEvent(row);
}

async function readLiveEvent(db: Db, viewer: Actor, eventId: string): Promise<CircleEvent> {
  const event = await getEvent(db, viewer, eventId);
  if (event.isCancelled) throw notFound(EVENT_CANCELLED);
  return event;
}

/**
 * RSVP as an upsert per member and event she may see. attendee_count moves with the change of status,
 * in the same transaction, with the event row locked: it stays exact and never passes max_attendees.
 * For a circle-only event her membership row is held first (for share): a leave or removal of the same
 * circle either waits for the answer and then takes it back (dropCircleOnlyRsvps), or goes first and the
 * answer is refused; the order (membership, then event) is the leave's own, so neither waits on the other.
 */
export async function rsvp(db: Db, viewer: Actor, eventId: string, status: RsvpStatus): Promise<CircleEvent> {
  const userId = viewer.id;
  await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ circleId: circleEvents.circleId, visibility: circleEvents.visibility })
      .from(circleEvents)
      .where(and(eq(circleEvents.id, eventId), visibleTo(viewer)));
    if (!seen) throw notFound(EVENT_NOT_FOUND);
    if (seen.visibility === 'circle' && !isModeratorRole(viewer.role)) {
      const [held] = await tx
        .select({ id: circleMemberships.id })
        .from(circleMemberships)
        .where(and(eq(circleMemberships.circleId, seen.circleId), eq(circleMemberships.userId, userId)))
        .for('share');
      if (!held) throw notFound(EVENT_NOT_FOUND);
    }
    // Checked again with the row locked: an edit may have moved it out of her sight meanwhile.
    const [event] = await tx
      .select()
      .from(circleEvents)
      .where(and(eq(circleEvents.id, eventId), visibleTo(viewer)))
      .for('update', { of: circleEvents });
    if (!event) throw notFound(EVENT_NOT_FOUND);
    if (event.isCancelled) throw notFound(EVENT_CANCELLED);
    const [previous] = await tx
      .select({ status: eventRsvps.status })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
    const wasGoing = previous?.status === 'going';
    const isGoing = status === 'going';
    if (isGoing && !wasGoing && event.maxAttendees !== null && event.attendeeCount >= event.maxAttendees) {
      throw conflict(EVENT_FULL);
    }
    await tx
      .insert(eventRsvps)
      .values({ eventId, userId, status })
      .onConflictDoUpdate({ target: [eventRsvps.eventId, eventRsvps.userId], set: { status, updatedAt: sql`now()` } });
    const delta = Number(isGoing) - Number(wasGoing);
    if (delta !== 0) {
      await tx
        .update(circleEvents)
        .set({ attendeeCount: sql`${circleEvents.attendeeCount} + ${delta}` })
        .where(eq(circleEvents.id, eventId));
    }
    if (isGoing && !wasGoing) {
      // One confirmation per member and event: changing her answer back and forth does not repeat it.
      await createNotification(tx, {
        collapseKey: `event_rsvp:${eventId}`,
        userId,
        actorId: null,
        type: 'event_rsvp',
        title: 'You are going',
        message: `Your place at ${event.title} is saved`,
        data: { eventId },
      });
    }
  });
  return readLiveEvent(db, viewer, eventId);
}

/** "Who's Going": the members attending, first to answer first, of an event she may see. */
export async function listAttendees(db: Db, viewer: Actor, eventId: string): Promise<AttendeeList> {
  const [visible] = await db
    .select({ id: circleEvents.id })
    .from(circleEvents)
    .where(and(eq(circleEvents.id, eventId), visibleTo(viewer)));
  if (!visible) throw notFound(EVENT_NOT_FOUND);
  const rows = await db
    .select({ userId: eventRsvps.userId, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl })
    .from(eventRsvps)
    .leftJoin(profiles, eq(profiles.id, eventRsvps.userId))
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'going')))
    .orderBy(asc(eventRsvps.createdAt))
    .limit(builderLimit(MAX_ATTENDEES));
  return {
    attendees: rows.map((row) => ({
      userId: row.userId,
      displayName: row.displayName ?? 'Sacred Sister',
      avatarUrl: servedAvatarUrl(row.avatarUrl),
    })),
  };
}

export async function eventCalendarFile(
  db: Db,
  viewer: Actor,
  eventId: string,
  app: { appUrl: string; productName: string },
) {
  const event = await readLiveEvent(db, viewer, eventId);
  return renderIcs({
    id: event.id,
    title: event.title,
    description: event.description,
    start: new Date(event.eventDate),
    end: new Date(event.endDate),
    location: event.isVirtual ? (event.meetingLink ?? 'Online') : event.location,
    url: event.meetingLink,
    host: new URL(app.appUrl).hostname,
    productName: app.productName,
  });
}
