import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/outbox-mail.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { circleEvents, circles, eventRsvps } from '../../db/schema/circles.ts';
import { eventReminders } from '../../db/schema/event-reminders.ts';
import { profiles } from '../../db/schema/members.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { suspensions } from '../../db/schema/suspensions.ts';
import { deletePastReminderKeys, sendEventReminders } from './reminder-service.ts';

let t: TestApp;
let circleId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [circle] = await t.database.db
    .insert(circles)
    .values({ name: 'Reminder circle', description: 'Test', type: 'open', focusArea: 'Testing', maxMembers: 50 })
    .returning();
  if (!circle) throw new Error('no circle');
  circleId = circle.id;
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Each test its own day in January 2027 (winter: London is on UTC), so no test's run sees another's event. */
let day = 1;
const nextStart = () => new Date(Date.UTC(2027, 0, day++ * 2, 19, 0));

async function makeEvent(start: Date, title = 'Full Moon Circle') {
  const [event] = await t.database.db
    .insert(circleEvents)
    .values({ circleId, title, description: 'Gather', eventDate: start, durationMinutes: 60, isVirtual: true })
    .returning();
  if (!event) throw new Error('no event');
  return event;
}

async function member(timeZone = 'Europe/London') {
  const m = await t.signUpSubscriber();
  await t.database.db.update(profiles).set({ timeZone }).where(eq(profiles.id, m.id));
  return m;
}

const rsvp = (m: TestMember, eventId: string, status: 'going' | 'maybe' | 'not_going') =>
  t.api(m, 'PUT', `/api/events/${eventId}/rsvp`, { status });

const run = (now: Date) =>
  sendEventReminders(t.database.db, t.app.mailer, { productName: 'Lunara', appUrl: 'http://localhost:3000', now });

async function remindersOf(m: TestMember) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, m.id), eq(notifications.type, 'event_reminder')));
}

describe('event reminders', () => {
  it('reminds going and maybe 24 h and 1 h before, once each, even when two runs race', async () => {
    const start = nextStart();
    const event = await makeEvent(start);
    const going = await member();
    const maybe = await member('Asia/Tokyo');
    const notGoing = await member();
    expect((await rsvp(going, event.id, 'going')).statusCode).toBe(200);
    await rsvp(maybe, event.id, 'maybe');
    await rsvp(notGoing, event.id, 'not_going');

    // Too early: nothing yet.
    expect(await run(new Date(start.getTime() - 25 * HOUR))).toBe(0);

    const dayBefore = new Date(start.getTime() - 24 * HOUR + MINUTE);
    const [a, b] = await Promise.all([run(dayBefore), run(dayBefore)]);
    expect((a ?? 0) + (b ?? 0)).toBe(2);
    expect(await run(dayBefore)).toBe(0);
    // Later runs on the same day send no second "tomorrow".
    expect(await run(new Date(start.getTime() - 3 * HOUR))).toBe(0);

    const [first] = await remindersOf(going);
    expect(first?.message).toBe('Full Moon Circle starts tomorrow at 7:00 PM (Europe/London)');
    expect(first?.data).toEqual({ eventId: event.id });
    // Her own time zone: 7 PM in London is 4 AM the next day in Tokyo, a day after her reminder.
    expect((await remindersOf(maybe))[0]?.message).toBe('Full Moon Circle starts tomorrow at 4:00 AM (Asia/Tokyo)');
    expect(await remindersOf(notGoing)).toEqual([]);

    const hourBefore = new Date(start.getTime() - HOUR + MINUTE);
    const [c, d] = await Promise.all([run(hourBefore), run(hourBefore)]);
    expect((c ?? 0) + (d ?? 0)).toBe(2);
    expect(await run(new Date(start.getTime() - 5 * MINUTE))).toBe(0);
    const messages = (await remindersOf(going)).map((n) => n.message).sort();
    expect(messages).toEqual([
      'Full Moon Circle starts in 1 hour, at 7:00 PM (Europe/London)',
      'Full Moon Circle starts tomorrow at 7:00 PM (Europe/London)',
    ]);
    expect(await t.database.db.select().from(eventReminders).where(eq(eventReminders.eventId, event.id))).toHaveLength(
      4,
    );

    // Emailed on its own (Email Notifications are on by default) and marked so the digest does not repeat it.
    const mails = await mailsTo(t, going.email);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        'Full Moon Circle starts tomorrow at 7:00 PM (Europe/London) · Lunara',
        'Full Moon Circle starts in 1 hour, at 7:00 PM (Europe/London) · Lunara',
      ]),
    );
    expect(mails.find((mail) => mail.subject.includes('in 1 hour'))?.textBody).toContain(
      `http://localhost:3000/community?tab=events&event=${event.id}`,
    );
    expect((await remindersOf(going)).every((n) => n.emailedAt !== null)).toBe(true);
    expect((await mailsTo(t, notGoing.email)).filter((mail) => mail.subject.includes('starts'))).toEqual([]);
  });

  it('says the time really left when a run comes late', async () => {
    const start = nextStart();
    const event = await makeEvent(start, 'New Moon');
    const m = await member('America/New_York');
    await rsvp(m, event.id, 'going');
    await run(new Date(start.getTime() - 20 * MINUTE));
    expect((await remindersOf(m)).map((n) => n.message)).toEqual([
      'New Moon starts in 20 minutes, at 2:00 PM (America/New_York)',
    ]);
  });

  it('follows her preferences: no email with Email Notifications off, nothing with Event Notifications off', async () => {
    const start = nextStart();
    const event = await makeEvent(start);
    const noEmail = await member();
    const noEvents = await member();
    for (const m of [noEmail, noEvents]) {
      await rsvp(m, event.id, 'going');
      await t.database.db.insert(notificationPreferences).values({ userId: m.id }).onConflictDoNothing();
    }
    await t.database.db
      .update(notificationPreferences)
      .set({ emailEnabled: false })
      .where(eq(notificationPreferences.userId, noEmail.id));
    await t.database.db
      .update(notificationPreferences)
      .set({ eventNotifications: false })
      .where(eq(notificationPreferences.userId, noEvents.id));
    await run(new Date(start.getTime() - HOUR + MINUTE));
    expect(await remindersOf(noEmail)).toHaveLength(1);
    expect((await mailsTo(t, noEmail.email)).filter((mail) => mail.subject.includes('starts'))).toEqual([]);
    expect(await remindersOf(noEvents)).toEqual([]);
    expect((await mailsTo(t, noEvents.email)).filter((mail) => mail.subject.includes('starts'))).toEqual([]);
    // Turned on again later: no stale reminder for what has passed.
    await t.database.db
      .update(notificationPreferences)
      .set({ eventNotifications: true })
      .where(eq(notificationPreferences.userId, noEvents.id));
    expect(await run(new Date(start.getTime() - 30 * MINUTE))).toBe(0);
  });

  it('sends no 24 h reminder for an RSVP made 3 h before, but the 1 h one', async () => {
    const start = nextStart();
    const event = await makeEvent(start);
    const late = await member();
    await rsvp(late, event.id, 'going');
    await t.database.db
      .update(eventRsvps)
      .set({ createdAt: new Date(start.getTime() - 3 * HOUR) })
      .where(eq(eventRsvps.userId, late.id));
    expect(await run(new Date(start.getTime() - 3 * HOUR + MINUTE))).toBe(0);
    expect(await run(new Date(start.getTime() - HOUR + MINUTE))).toBe(1);
    expect((await remindersOf(late)).map((n) => n.message)).toEqual([
      'Full Moon Circle starts in 1 hour, at 7:00 PM (Europe/London)',
    ]);
  });

  it('reminds nobody of a cancelled event, nor a member who said no since', async () => {
    const start = nextStart();
    const cancelled = await makeEvent(start, 'Cancelled circle');
    const open = await makeEvent(start, 'Open circle');
    const m = await member();
    await rsvp(m, cancelled.id, 'going');
    await rsvp(m, open.id, 'going');
    await rsvp(m, open.id, 'not_going');
    await t.database.db.update(circleEvents).set({ isCancelled: true }).where(eq(circleEvents.id, cancelled.id));
    expect(await run(new Date(start.getTime() - 24 * HOUR + MINUTE))).toBe(0);
    expect(await run(new Date(start.getTime() - HOUR + MINUTE))).toBe(0);
    expect(await remindersOf(m)).toEqual([]);
  });

  it('reminds no member who can no longer use the community (lapsed, suspended)', async () => {
    const start = nextStart();
    const event = await makeEvent(start);
    const lapsed = await member();
    const suspended = await member();
    const staying = await member();
    for (const m of [lapsed, suspended, staying]) await rsvp(m, event.id, 'going');
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, lapsed.id));
    await t.database.db.insert(suspensions).values({ memberId: suspended.id, reason: 'Test', endsAt: null });
    expect(await run(new Date(start.getTime() - HOUR + MINUTE))).toBe(1);
    expect(await remindersOf(lapsed)).toEqual([]);
    expect(await remindersOf(suspended)).toEqual([]);
    expect(await remindersOf(staying)).toHaveLength(1);
  });

  it('reminds again of the new time when an event is moved', async () => {
    const start = nextStart();
    const event = await makeEvent(start);
    const m = await member();
    await rsvp(m, event.id, 'going');
    expect(await run(new Date(start.getTime() - HOUR + MINUTE))).toBe(1);
    const moved = new Date(start.getTime() + 2 * HOUR + 30 * MINUTE);
    await t.database.db.update(circleEvents).set({ eventDate: moved }).where(eq(circleEvents.id, event.id));
    // The new time is due its own reminders: the day's one at once (it is within 24 h), then the hour's.
    expect(await run(new Date(start.getTime() - 10 * MINUTE))).toBe(1);
    expect(await run(new Date(start.getTime() - 5 * MINUTE))).toBe(0);
    expect(await run(new Date(moved.getTime() - HOUR + MINUTE))).toBe(1);
    expect(await run(new Date(moved.getTime() - HOUR + 2 * MINUTE))).toBe(0);
    expect((await remindersOf(m)).map((n) => n.message).sort()).toEqual([
      'Full Moon Circle starts in 1 hour, at 7:00 PM (Europe/London)',
      'Full Moon Circle starts in 1 hour, at 9:30 PM (Europe/London)',
      'Full Moon Circle starts today at 9:30 PM (Europe/London)',
    ]);
  });

  it('runs at a given time through the development route (the browser test clock), from this machine only', async () => {
    const start = nextStart();
    const event = await makeEvent(start);
    const m = await member();
    await rsvp(m, event.id, 'going');
    const at = new Date(start.getTime() - HOUR + MINUTE).toISOString();
    const url = `/api/dev/event-reminders/run?at=${encodeURIComponent(at)}`;
    const remote = await t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/dev/event-reminders/run?at=soon' });
    expect(bad.statusCode).toBe(400);
    const farOff = await t.app.inject({ method: 'POST', url: '/api/dev/event-reminders/run?at=9999-12-31T23:59:59Z' });
    expect(farOff.statusCode).toBe(400);
    const local = await t.app.inject({ method: 'POST', url });
    expect(local.statusCode).toBe(200);
    expect(local.json()).toEqual({ sent: 1 });
    const bell = (await t.api(m, 'GET', '/api/notifications')).json();
    expect(JSON.stringify(bell)).toContain('Full Moon Circle starts in 1 hour');
  });

  it('forgets the once-only keys of starts long past, and only those', async () => {
    const event = await makeEvent(nextStart());
    const m = await member();
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(eventReminders).values([
      { eventId: event.id, userId: m.id, kind: '24h', eventStart: at('2020-01-01T19:00:00Z') },
      { eventId: event.id, userId: m.id, kind: '1h', eventStart: at('2020-01-01T19:00:00Z') },
      { eventId: event.id, userId: m.id, kind: '1h', eventStart: at('2020-01-03T19:00:00Z') },
    ]);
    const now = at('2020-01-04T12:00:00Z');
    expect(await deletePastReminderKeys(t.database.db, now)).toBe(2);
    expect(await deletePastReminderKeys(t.database.db, now)).toBe(0);
    const left = await t.database.db.select().from(eventReminders).where(eq(eventReminders.userId, m.id));
    expect(left.map((row) => row.eventStart.toISOString())).toEqual(['2020-01-03T19:00:00.000Z']);
  });
});
