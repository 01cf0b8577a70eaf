import type { EventBody } from '@lunara/shared/admin';
import { CIRCLE_NOT_FOUND, EVENT_IN_PAST } from '@lunara/shared/circles';
import type { EventVisibility } from '@lunara/shared/community';
import { and, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circleEvents, circles, eventRsvps } from '../../db/schema/circles.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { AppError, notFound } from '../../errors.ts';
import { eventVisibleToMember } from '../circles/circle-access.ts';
import { notifyEventCancelled, notifyEventChanged } from './event-notices.ts';
import { EVENT_NOT_FOUND } from './event-service.ts';

/*
 * Scheduling, editing and cancelling events: one code path for admins (/api/admin/events, any circle)
 * and a circle's hosts (/api/circles/:circleId/events, that circle only). Who may call is the route's
 * check (requireRole admin, or requireCircleScheduler); `inCircle` keeps a circle's path to its own
 * events: another circle's event through it is a 404, as one that does not exist.
 */

const audit = (tx: Db, actorId: string, action: string, targetId: string, details: Record<string, unknown>) =>
  tx.insert(auditLog).values({ actorId, action, targetType: 'event', targetId, details });

const eventValues = (body: EventBody, visibility: EventVisibility) => ({
  circleId: body.circleId,
  title: body.title,
  description: body.description,
  eventDate: new Date(body.eventDate),
  durationMinutes: body.durationMinutes,
  isVirtual: body.isVirtual,
  meetingLink: body.isVirtual ? (body.meetingLink ?? null) : null,
  location: body.isVirtual ? null : (body.location ?? null),
  maxAttendees: body.maxAttendees ?? null,
  visibility,
});

/** An event starts in the future: a time already gone is refused (a past time kept unchanged on an edit is not). */
function refusePastStart(eventDate: Date, unchangedFrom?: Date) {
  if (eventDate.getTime() > Date.now() || eventDate.getTime() === unchangedFrom?.getTime()) return;
  throw new AppError('VALIDATION_ERROR', 400, EVENT_IN_PAST);
}

export async function createEvent(
  db: Db,
  actorId: string,
  body: EventBody,
  defaultVisibility: EventVisibility,
): Promise<string> {
  refusePastStart(new Date(body.eventDate));
  const visibility = body.visibility ?? defaultVisibility;
  return db.transaction(async (tx) => {
    const [circle] = await tx.select({ id: circles.id }).from(circles).where(eq(circles.id, body.circleId));
    if (!circle) throw notFound(CIRCLE_NOT_FOUND);
    const [created] = await tx
      .insert(circleEvents)
      .values({ ...eventValues(body, visibility), createdBy: actorId })
      .returning({ id: circleEvents.id });
    if (!created) throw new Error('The event was not saved');
    await audit(tx, actorId, 'event.create', created.id, { title: body.title, visibility });
    return created.id;
  });
}

/** The event row, locked: an edit and a cancellation of the same event tell its attendees one at a time. */
async function lockEvent(tx: Db, eventId: string, inCircle?: string) {
  const [event] = await tx
    .select()
    .from(circleEvents)
    .where(and(eq(circleEvents.id, eventId), inCircle ? eq(circleEvents.circleId, inCircle) : undefined))
    .for('update');
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/**
 * An event made circle-only, or moved to another circle while circle-only: the answers of those who can
 * no longer see it go (they would keep a seat, reminders and the meeting link of an event hidden from
 * them), and the count of those going is counted again, under the event's lock.
 */
async function dropAnswersOfThoseOutside(tx: Db, event: typeof circleEvents.$inferSelect) {
  const dropped = await tx
    .delete(eventRsvps)
    .where(
      and(
        eq(eventRsvps.eventId, event.id),
        not(eventVisibleToMember(eventRsvps.userId, sql`${event.visibility}`, sql`${event.circleId}::uuid`)),
      ),
    )
    .returning({ status: eventRsvps.status });
  if (!dropped.some((row) => row.status === 'going')) return;
  await tx
    .update(circleEvents)
    .set({
      attendeeCount: sql`(select count(*)::int from ${eventRsvps}
        where ${eventRsvps.eventId} = ${event.id} and ${eventRsvps.status} = 'going')`,
    })
    .where(eq(circleEvents.id, event.id));
}

/** An edit; those attending (who can still see it) hear of a new title, time or place. */
export async function updateEvent(
  db: Db,
  actorId: string,
  eventId: string,
  body: EventBody,
  options: { inCircle?: string } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockEvent(tx, eventId, options.inCircle);
    refusePastStart(new Date(body.eventDate), before.eventDate);
    if (body.circleId !== before.circleId) {
      const [circle] = await tx.select({ id: circles.id }).from(circles).where(eq(circles.id, body.circleId));
      if (!circle) throw notFound(CIRCLE_NOT_FOUND);
    }
    const [after] = await tx
      .update(circleEvents)
      .set({ ...eventValues(body, body.visibility ?? (before.visibility as EventVisibility)), updatedAt: sql`now()` })
      .where(eq(circleEvents.id, eventId))
      .returning();
    if (!after) throw notFound(EVENT_NOT_FOUND);
    const narrowed =
      after.visibility === 'circle' && (before.visibility !== 'circle' || before.circleId !== after.circleId);
    if (narrowed) await dropAnswersOfThoseOutside(tx, after);
    await audit(tx, actorId, 'event.update', eventId, { title: body.title, visibility: after.visibility });
    await notifyEventChanged(tx, actorId, before, after);
  });
}

/** Cancelling (again is harmless); those attending are told once. */
export async function cancelEvent(
  db: Db,
  actorId: string,
  eventId: string,
  options: { inCircle?: string } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId, options.inCircle);
    await tx.update(circleEvents).set({ isCancelled: true, updatedAt: sql`now()` }).where(eq(circleEvents.id, eventId));
    await audit(tx, actorId, 'event.cancel', eventId, { title: event.title });
    if (!event.isCancelled) await notifyEventCancelled(tx, actorId, event);
  });
}
