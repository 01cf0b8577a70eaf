import { EVENT_REMINDER_KINDS, type EventReminderKind } from '@lunara/shared/calendar';
import { notificationTarget } from '@lunara/shared/notification-target';
import { and, asc, eq, gt, inArray, lt, lte, not, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { user } from '../../db/schema/auth.ts';
import { circleEvents, eventRsvps } from '../../db/schema/circles.ts';
import { eventReminders } from '../../db/schema/event-reminders.ts';
import { profiles } from '../../db/schema/members.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { eventVisibleToMember } from '../circles/circle-access.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { isSuspendedAt } from '../suspensions/active-suspension.ts';
import { eventReminderEmail } from './reminder-email.ts';
import { reminderMessage, reminderTitle } from './reminder-text.ts';

const HOUR = 3_600_000;
/** How long before the start each reminder is due, and the end of its window (the next one takes over). */
const LEAD: Record<EventReminderKind, { dueMs: number; untilMs: number }> = {
  '24h': { dueMs: 24 * HOUR, untilMs: HOUR },
  '1h': { dueMs: HOUR, untilMs: 0 },
};
/** Reminders per kind and run: a bounded batch; the job runs every minute, the next run takes the rest. */
export const REMINDER_BATCH = 200;

interface ReminderOptions {
  productName: string;
  appUrl: string;
  now?: Date;
}

/**
 * Who is due a reminder of this kind now: she answered going or maybe before it was due (a member who
 * says yes three hours before needs no "tomorrow"), the event is not cancelled, no reminder of this kind
 * went out for this start time, she can still use the community (not lapsed, not suspended; a deleted
 * account's RSVPs are gone with it) and still see the event (a circle-only one: still in its circle).
 * Served by the upcoming-events index (start time).
 */
function dueReminders(db: Db, kind: EventReminderKind, now: Date) {
  const { dueMs, untilMs } = LEAD[kind];
  return db
    .select({
      eventId: circleEvents.id,
      title: circleEvents.title,
      start: circleEvents.eventDate,
      userId: eventRsvps.userId,
      email: user.email,
      timeZone: profiles.timeZone,
    })
    .from(circleEvents)
    .innerJoin(eventRsvps, and(eq(eventRsvps.eventId, circleEvents.id), inArray(eventRsvps.status, ['going', 'maybe'])))
    .innerJoin(user, eq(user.id, eventRsvps.userId))
    .leftJoin(profiles, eq(profiles.id, eventRsvps.userId))
    .where(
      and(
        eq(circleEvents.isCancelled, false),
        gt(circleEvents.eventDate, new Date(now.getTime() + untilMs)),
        lte(circleEvents.eventDate, new Date(now.getTime() + dueMs)),
        sql`${eventRsvps.createdAt} <= ${circleEvents.eventDate} - ${`${dueMs / 1000} seconds`}::interval`,
        sql`not exists (select 1 from ${eventReminders} er
                        where er.event_id = ${circleEvents.id} and er.user_id = ${eventRsvps.userId}
                          and er.kind = ${kind} and er.event_start = ${circleEvents.eventDate})`,
        canUseCommunity(eventRsvps.userId),
        not(isSuspendedAt(eventRsvps.userId, now)),
        eventVisibleToMember(eventRsvps.userId, circleEvents.visibility, circleEvents.circleId),
      ),
    )
    .orderBy(asc(circleEvents.eventDate), asc(circleEvents.id))
    .limit(builderLimit(REMINDER_BATCH));
}

type Due = Awaited<ReturnType<typeof dueReminders>>[number];

/**
 * Claims and sends one reminder in one transaction: the row of event_reminders first (the primary key
 * decides between two processes: the second waits for the first to commit, then inserts nothing), with
 * the RSVP, the event and her sight of it checked again as they are now; then the notification (her preferences decide;
 * Web Push follows it) and, when her Email Notifications are on, the email. Returns whether it was sent.
 */
async function sendReminder(db: Db, mailer: Mailer, kind: EventReminderKind, due: Due, options: ReminderOptions) {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ event_id: string }>(
      tx,
      sql`insert into event_reminders (event_id, user_id, kind, event_start)
          select e.id, r.user_id, ${kind}, e.event_date
          from circle_events e
          join event_rsvps r on r.event_id = e.id and r.user_id = ${due.userId} and r.status in ('going', 'maybe')
          where e.id = ${due.eventId} and not e.is_cancelled and e.event_date = ${due.start.toISOString()}::timestamptz
            and ${eventVisibleToMember(sql`r.user_id`, sql`e.visibility`, sql`e.circle_id`)}
          on conflict do nothing
          returning event_id`,
    );
    if (claimed.length === 0) return false;
    const timeZone = due.timeZone ?? 'UTC';
    const message = reminderMessage(kind, { title: due.title, start: due.start }, timeZone, now);
    const collapseKey = `event_reminder:${due.eventId}:${kind}:${due.start.getTime()}`;
    const created = await createNotification(tx, {
      userId: due.userId,
      actorId: null,
      type: 'event_reminder',
      title: reminderTitle(kind),
      message,
      data: { eventId: due.eventId },
      collapseKey,
    });
    // Event notifications off: the claim stays, so turning them on later does not send a stale reminder.
    if (!created) return false;
    const [prefs] = await tx
      .select({ emailEnabled: notificationPreferences.emailEnabled })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, due.userId));
    if (prefs?.emailEnabled ?? true) {
      const url = new URL(notificationTarget({ data: { eventId: due.eventId } }), options.appUrl).toString();
      await mailer.send(eventReminderEmail(options.productName, due.email, message, url), tx);
    }
    // Sent on its own (or not wanted by email): the digest does not repeat it.
    await tx
      .update(notifications)
      .set({ emailedAt: now })
      .where(and(eq(notifications.userId, due.userId), eq(notifications.collapseKey, collapseKey)));
    return true;
  });
}

/**
 * One run of the reminders job: the 24-hour and 1-hour reminders due at `now`, a bounded batch of each.
 * Safe to run in several processes at once and again after a restart. Resolves with how many were sent.
 */
export async function sendEventReminders(db: Db, mailer: Mailer, options: ReminderOptions): Promise<number> {
  const now = options.now ?? new Date();
  let sent = 0;
  for (const kind of EVENT_REMINDER_KINDS) {
    for (const due of await dueReminders(db, kind, now)) {
      if (await sendReminder(db, mailer, kind, due, { ...options, now })) sent++;
    }
  }
  return sent;
}

/** Keys kept this long after the start they were for: no reminder is due after a start. */
const KEY_KEPT_AFTER_START_MS = 2 * 86_400_000;
const CLEANUP_BATCH = 1000;

/**
 * Deletes a batch of reminder keys whose start is long past (a reminder is only ever due before its
 * start, so they can no longer stop anything), oldest first; returns how many went, 0 when done.
 */
export async function deletePastReminderKeys(db: Db, now = new Date()): Promise<number> {
  const old = db
    .select({
      eventId: eventReminders.eventId,
      userId: eventReminders.userId,
      kind: eventReminders.kind,
      start: eventReminders.eventStart,
    })
    .from(eventReminders)
    .where(lt(eventReminders.eventStart, new Date(now.getTime() - KEY_KEPT_AFTER_START_MS)))
    .orderBy(eventReminders.eventStart)
    .limit(builderLimit(CLEANUP_BATCH));
  const deleted = await db
    .delete(eventReminders)
    .where(
      sql`(${eventReminders.eventId}, ${eventReminders.userId}, ${eventReminders.kind}, ${eventReminders.eventStart}) in (${old})`,
    )
    .returning({ kind: eventReminders.kind });
  return deleted.length;
}
