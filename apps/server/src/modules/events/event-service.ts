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
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { circleEvents, circles, eventRsvps } from '../../db/schema/circles.ts';
import { profiles, userRoles } from '../../db/schema/members.ts';
import { conflict, notFound } from '../../errors.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { renderIcs } from './ics.ts';
import { holdsMeetingSeat } from './meeting-seat.ts';

const MAX_EVENTS = 100;
const MAX_ATTENDEES = 100;
const STAFF_ROLES = ROLES.filter(isModeratorRole);

function toEvent(row: {
  event: typeof circleEvents.$inferSelect;
  circle: typeof circles.$inferSelect;
  myRsvp: string | null;
  seesMeetingLink: boolean;
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
    canManage: false,
  };
}

function selectEvents(db: Db, viewerId: string) {
  return db
    .select({
      event: circleEvents,
      circle: circles,
      myRsvp: eventRsvps.status,
      seesMeetingLink: sql<boolean>`(${holdsMeetingSeat}
        or ${circleEvents.createdBy} = ${viewerId}
        or exists (select 1 from ${userRoles} where ${userRoles.userId} = ${viewerId}
                   and ${inArray(userRoles.role, STAFF_ROLES)}))`,
    })
    .from(circleEvents)
    .innerJoin(circles, eq(circles.id, circleEvents.circleId))
    .leftJoin(eventRsvps, and(eq(eventRsvps.eventId, circleEvents.id), eq(eventRsvps.userId, viewerId)));
}

/**
 * Upcoming events, soonest first. Today and This Week are the member's own calendar day and week
 * (her time zone); My Events are those she is going to or may attend.
 */
export async function listEvents(
  db: Db,
  viewerId: string,
  view: EventView,
  timeZone: string,
  now = new Date(),
): Promise<CircleEvent[]> {
  const range =
    view === 'today' ? zonedDayRange(now, timeZone) : view === 'week' ? zonedWeekRange(now, timeZone) : undefined;
  const rows = await selectEvents(db, viewerId)
    .where(
      and(
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
 * One event, cancelled ones included: a notification about it stays a way to it, and the page then
 * says it was cancelled instead of leading nowhere.
 */
export async function getEvent(db: Db, viewerId: string, eventId: string): Promise<CircleEvent> {
  const [row] = await selectEvents(db, viewerId).where(eq(circleEvents.id, eventId));
  if (!row) throw notFound('This event does not exist');
  return toEvent(row);
}

async function readLiveEvent(db: Db, viewerId: string, eventId: string): Promise<CircleEvent> {
  const event = await getEvent(db, viewerId, eventId);
  if (event.isCancelled) throw notFound(EVENT_CANCELLED);
  return event;
}

/**
 * RSVP as an upsert per member and event. attendee_count moves with the change of status, in the
 * same transaction, with the event row locked: it stays exact and never passes max_attendees.
 */
export async function rsvp(db: Db, userId: string, eventId: string, status: RsvpStatus): Promise<CircleEvent> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(circleEvents).where(eq(circleEvents.id, eventId)).for('update');
    if (!event) throw notFound('This event does not exist');
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
  return readLiveEvent(db, userId, eventId);
}

/** "Who's Going": the members attending, first to answer first. */
export async function listAttendees(db: Db, eventId: string): Promise<AttendeeList> {
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
  viewerId: string,
  eventId: string,
  app: { appUrl: string; productName: string },
) {
  const event = await readLiveEvent(db, viewerId, eventId);
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
