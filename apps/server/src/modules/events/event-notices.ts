import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circleEvents, eventRsvps } from '../../db/schema/circles.ts';
import { profiles } from '../../db/schema/members.ts';
import { eventVisibleToMember } from '../circles/circle-access.ts';
import { createNotification } from '../notifications/notification-service.ts';

type EventRow = typeof circleEvents.$inferSelect;

/** "Saturday, June 1 at 6:00 PM GMT+2": in each member's own time zone, since the server writes it once. */
const whenIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);

/**
 * Those who said they would come or might: the ones an empty room would surprise; of a circle-only
 * event, only those who can still see it (a notice never names an event to someone outside its circle).
 */
function attendeesOf(tx: Db, eventId: string) {
  return tx
    .select({ userId: eventRsvps.userId, timeZone: profiles.timeZone })
    .from(eventRsvps)
    .innerJoin(circleEvents, eq(circleEvents.id, eventRsvps.eventId))
    .leftJoin(profiles, eq(profiles.id, eventRsvps.userId))
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        inArray(eventRsvps.status, ['going', 'maybe']),
        eventVisibleToMember(eventRsvps.userId, circleEvents.visibility, circleEvents.circleId),
      ),
    );
}

/**
 * Tells the attendees of an edited event what changed that they would act on: its title, time or place
 * (a new description alone is no reason to ping anyone). Nothing for a cancelled or finished event.
 */
export async function notifyEventChanged(tx: Db, actorId: string, before: EventRow, after: EventRow): Promise<void> {
  if (after.isCancelled || after.eventDate.getTime() <= Date.now()) return;
  const titleChanged = before.title !== after.title;
  const timeChanged =
    before.eventDate.getTime() !== after.eventDate.getTime() || before.durationMinutes !== after.durationMinutes;
  const placeChanged =
    before.isVirtual !== after.isVirtual ||
    before.location !== after.location ||
    before.meetingLink !== after.meetingLink;
  if (!titleChanged && !timeChanged && !placeChanged) return;
  const place = after.isVirtual ? (before.isVirtual ? 'a new meeting link' : 'now online') : `now at ${after.location}`;
  for (const attendee of await attendeesOf(tx, after.id)) {
    const changes = [
      titleChanged ? `now called "${after.title}"` : null,
      timeChanged ? `now ${whenIn(after.eventDate, attendee.timeZone ?? 'UTC')} (${after.durationMinutes} min)` : null,
      placeChanged ? place : null,
    ].filter((change) => change !== null);
    await createNotification(tx, {
      userId: attendee.userId,
      actorId,
      type: 'event_changed',
      title: 'Event changed',
      message: `"${before.title}" changed: ${changes.join('; ')}`,
      data: { eventId: after.id },
    });
  }
}

/** Tells the attendees of an upcoming event that it will not take place; once per event. */
export async function notifyEventCancelled(tx: Db, actorId: string, event: EventRow): Promise<void> {
  if (event.eventDate.getTime() <= Date.now()) return;
  for (const attendee of await attendeesOf(tx, event.id)) {
    await createNotification(tx, {
      collapseKey: `event_cancelled:${event.id}`,
      userId: attendee.userId,
      actorId,
      type: 'event_cancelled',
      title: 'Event cancelled',
      message: `"${event.title}" on ${whenIn(event.eventDate, attendee.timeZone ?? 'UTC')} was cancelled`,
      data: { eventId: event.id },
    });
  }
}
