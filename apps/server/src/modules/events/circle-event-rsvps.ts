import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circleEvents, eventRsvps } from '../../db/schema/circles.ts';

/**
 * She left (or was removed from) a circle: her answers to its circle-only events go, in the caller's
 * transaction, so she holds no place, gets no reminder and keeps no meeting link of a circle she is no
 * longer in. The events' rows are locked in id order first (as an RSVP locks its event), so that
 * attendee_count moves exactly once per answer taken back.
 */
export async function dropCircleOnlyRsvps(tx: Db, circleId: string, userId: string): Promise<void> {
  const answered = await tx
    .select({ id: circleEvents.id })
    .from(circleEvents)
    .innerJoin(eventRsvps, and(eq(eventRsvps.eventId, circleEvents.id), eq(eventRsvps.userId, userId)))
    .where(and(eq(circleEvents.circleId, circleId), eq(circleEvents.visibility, 'circle')))
    .orderBy(asc(circleEvents.id))
    .for('update', { of: circleEvents });
  if (answered.length === 0) return;
  const eventIds = answered.map((row) => row.id);
  const dropped = await tx
    .delete(eventRsvps)
    .where(and(eq(eventRsvps.userId, userId), inArray(eventRsvps.eventId, eventIds)))
    .returning({ eventId: eventRsvps.eventId, status: eventRsvps.status });
  const wasGoing = dropped.filter((row) => row.status === 'going').map((row) => row.eventId);
  if (wasGoing.length === 0) return;
  await tx
    .update(circleEvents)
    .set({ attendeeCount: sql`greatest(${circleEvents.attendeeCount} - 1, 0)` })
    .where(inArray(circleEvents.id, wasGoing));
}
