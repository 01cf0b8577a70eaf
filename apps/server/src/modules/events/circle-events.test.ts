import { EVENT_FULL, EVENT_IN_PAST, NOT_CIRCLE_HOST, NOT_IN_CIRCLE } from '@lunara/shared/circles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { circleEvents, circleMemberships, circles, eventRsvps } from '../../db/schema/circles.ts';
import { eventReminders } from '../../db/schema/event-reminders.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { dropCircleOnlyRsvps } from './circle-event-rsvps.ts';
import { sendEventReminders } from './reminder-service.ts';

/*
 * A circle's events (issue 34): circle-only events are its members' and staff's, everywhere an event is
 * read; its hosts and admins schedule them. Each test makes its own circles and members.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const NOT_FOUND = 'This event does not exist';
const LINK = 'https://meet.example.com/circle-room';
const DAY = 86_400_000;
const HOUR = 3_600_000;

let circleCount = 0;
async function makeCircle(isActive = true) {
  const [circle] = await t.database.db
    .insert(circles)
    .values({
      name: `Events circle ${circleCount++}`,
      description: 'Test',
      type: 'open',
      focusArea: 'Testing',
      maxMembers: 50,
      isActive,
    })
    .returning();
  if (!circle) throw new Error('no circle');
  return circle.id;
}

async function addMember(circleId: string, who: TestMember, role: 'member' | 'host' = 'member') {
  await t.database.db.insert(circleMemberships).values({ circleId, userId: who.id, status: 'approved', role });
}
/** She is no longer in the circle (the membership row gone, as leaving does), her answers left as they were. */
const removeMembership = (circleId: string, who: TestMember) =>
  t.database.db
    .delete(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, who.id)));

/** Staff without a membership, as in the authorization matrix. */
async function staff(role: 'moderator' | 'admin') {
  const m = await t.signUp();
  await grantRoleByEmail(t.database.db, m.email, role);
  return m;
}

/** A circle with a host, two members, and an outsider, a moderator and an admin who are not in it. */
async function setting() {
  const circleId = await makeCircle();
  const [host, member, other, outsider, moderator, admin] = await Promise.all([
    t.signUpSubscriber(),
    t.signUpSubscriber(),
    t.signUpSubscriber(),
    t.signUpSubscriber(),
    staff('moderator'),
    staff('admin'),
  ]);
  await addMember(circleId, host, 'host');
  await addMember(circleId, member);
  await addMember(circleId, other);
  return { circleId, host, member, other, outsider, moderator, admin };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'New Moon Circle',
  description: 'We gather',
  eventDate: new Date(Date.now() + 3 * DAY).toISOString(),
  durationMinutes: 60,
  isVirtual: true,
  meetingLink: LINK,
  maxAttendees: null,
  ...overrides,
});

async function schedule(who: TestMember, circleId: string, overrides: Record<string, unknown> = {}) {
  const response = await t.api(who, 'POST', `/api/circles/${circleId}/events`, body(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

const rsvp = (who: TestMember, eventId: string, status: 'going' | 'maybe' | 'not_going') =>
  t.api(who, 'PUT', `/api/events/${eventId}/rsvp`, { status });
const listIds = async (who: TestMember, view = 'all') => {
  const response = await t.api(who, 'GET', `/api/events?view=${view}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().events as Array<{ id: string }>).map((event) => event.id);
};
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { message: string } }).error;
async function eventRow(eventId: string) {
  const [row] = await t.database.db.select().from(circleEvents).where(eq(circleEvents.id, eventId));
  if (!row) throw new Error('no event');
  return row;
}
const goingCount = async (eventId: string) =>
  (
    await t.database.db
      .select()
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'going')))
  ).length;

/** Every read of one event, as `who`: the status each answers. */
async function readStatuses(who: TestMember, eventId: string) {
  return {
    page: (await t.api(who, 'GET', `/api/events/${eventId}`)).statusCode,
    attendees: (await t.api(who, 'GET', `/api/events/${eventId}/attendees`)).statusCode,
    ics: (await t.api(who, 'GET', `/api/events/${eventId}/calendar.ics`)).statusCode,
  };
}

describe("a circle's events: who sees them", () => {
  it('a circle-only event is for its members and staff: the outsider meets a 404 everywhere, as for no event', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId);
    const community = await schedule(s.host, s.circleId, { visibility: 'community', title: 'Open gathering' });

    for (const who of [s.member, s.host, s.moderator, s.admin]) {
      expect(await listIds(who)).toEqual(expect.arrayContaining([eventId, community]));
      expect(await readStatuses(who, eventId)).toEqual({ page: 200, attendees: 200, ics: 200 });
    }
    const page = (await t.api(s.member, 'GET', `/api/events/${eventId}`)).json();
    expect(page).toMatchObject({ visibility: 'circle', canManage: false, circle: { id: s.circleId } });

    // The outsider: the community event yes, the circle-only one nowhere.
    const outsiderList = await listIds(s.outsider);
    expect(outsiderList).toContain(community);
    expect(outsiderList).not.toContain(eventId);
    for (const path of [`/api/events/${eventId}`, `/api/events/${eventId}/attendees`]) {
      const response = await t.api(s.outsider, 'GET', path);
      expect(response.statusCode, path).toBe(404);
      expect(errorOf(response).message).toBe(NOT_FOUND);
    }
    const ics = await t.api(s.outsider, 'GET', `/api/events/${eventId}/calendar.ics`);
    expect(ics.statusCode).toBe(404);
    expect(ics.body).not.toContain('New Moon Circle');
    const answer = await rsvp(s.outsider, eventId, 'going');
    expect(answer.statusCode).toBe(404);
    expect(errorOf(answer).message).toBe(NOT_FOUND);
    expect((await eventRow(eventId)).attendeeCount).toBe(0);
    // An id that never existed answers the same.
    const unknown = await t.api(s.outsider, 'GET', '/api/events/00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual((await t.api(s.outsider, 'GET', `/api/events/${eventId}`)).json());

    // The circle's own list: 403 to the outsider, both visibilities to the inside, soonest first.
    const outsiderCircle = await t.api(s.outsider, 'GET', `/api/circles/${s.circleId}/events`);
    expect(outsiderCircle.statusCode).toBe(403);
    expect(errorOf(outsiderCircle).message).toBe(NOT_IN_CIRCLE);
    for (const who of [s.member, s.moderator, s.admin]) {
      const inside = await t.api(who, 'GET', `/api/circles/${s.circleId}/events`);
      expect(inside.statusCode).toBe(200);
      expect(inside.json().events.map((e: { id: string }) => e.id)).toEqual([eventId, community]);
    }
  });

  it("canManage is true for admins and the circle's hosts, false for members and moderators", async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId, { visibility: 'community' });
    const otherHost = await t.signUpSubscriber();
    await addMember(await makeCircle(), otherHost, 'host');
    const canManage = async (who: TestMember) => (await t.api(who, 'GET', `/api/events/${eventId}`)).json().canManage;
    expect(await canManage(s.host)).toBe(true);
    expect(await canManage(s.admin)).toBe(true);
    expect(await canManage(s.member)).toBe(false);
    expect(await canManage(s.moderator)).toBe(false);
    // A host of another circle sees the community event but does not manage it.
    expect(await canManage(otherHost)).toBe(false);
    // In lists too.
    const listed = (await t.api(s.host, 'GET', '/api/events'))
      .json()
      .events.find((e: { id: string }) => e.id === eventId);
    expect(listed.canManage).toBe(true);
  });

  it('a former member loses the event at her next request: list, page, RSVP, attendees, .ics, calendar feed', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId);
    expect((await rsvp(s.member, eventId, 'going')).statusCode).toBe(200);
    const feed = (await t.api(s.member, 'POST', '/api/calendar-feed')).json() as { httpsUrl: string };
    const feedOf = async () => (await t.request({ method: 'GET', url: new URL(feed.httpsUrl).pathname })).body;
    expect(await feedOf()).toContain('New Moon Circle');
    expect(await listIds(s.member, 'mine')).toContain(eventId);

    // Her row goes; her answer is left behind on purpose: every read must check, not only the RSVP.
    await removeMembership(s.circleId, s.member);
    expect(await listIds(s.member)).not.toContain(eventId);
    expect(await listIds(s.member, 'mine')).not.toContain(eventId);
    expect(await readStatuses(s.member, eventId)).toEqual({ page: 404, attendees: 404, ics: 404 });
    expect((await rsvp(s.member, eventId, 'maybe')).statusCode).toBe(404);
    expect(await feedOf()).not.toContain('New Moon Circle');
    expect((await t.api(s.member, 'GET', `/api/circles/${s.circleId}/events`)).statusCode).toBe(403);
    // Her refused change moved nothing.
    expect((await eventRow(eventId)).attendeeCount).toBe(1);
  });

  it('an archived circle: its circle-only events are staff-only, its members included out', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId);
    await t.database.db.update(circles).set({ isActive: false }).where(eq(circles.id, s.circleId));
    expect((await t.api(s.member, 'GET', `/api/events/${eventId}`)).statusCode).toBe(404);
    expect((await t.api(s.host, 'GET', `/api/circles/${s.circleId}/events`)).statusCode).toBe(404);
    expect((await t.api(s.admin, 'GET', `/api/events/${eventId}`)).statusCode).toBe(200);
  });
});

describe("a circle's events: who schedules them", () => {
  it('a host schedules, edits and cancels for her own circle only; another circle is 403, its event through her path 404', async () => {
    const s = await setting();
    const otherCircle = await makeCircle();
    const otherEvent = await schedule(s.admin, otherCircle, { title: 'Elsewhere' });

    const eventId = await schedule(s.host, s.circleId);
    const row = await eventRow(eventId);
    expect(row).toMatchObject({ circleId: s.circleId, visibility: 'circle', createdBy: s.host.id });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, eventId));
    expect(entry).toMatchObject({ actorId: s.host.id, action: 'event.create', targetType: 'event' });

    const refused = await t.api(s.host, 'POST', `/api/circles/${otherCircle}/events`, body());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(NOT_CIRCLE_HOST);
    // Another circle's event through her own circle's path: as if there were none.
    const moved = await t.api(
      s.host,
      'PUT',
      `/api/circles/${s.circleId}/events/${otherEvent}`,
      body({ title: 'Mine' }),
    );
    expect(moved.statusCode).toBe(404);
    expect(errorOf(moved).message).toBe(NOT_FOUND);
    expect((await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events/${otherEvent}/cancel`)).statusCode).toBe(
      404,
    );
    expect(await eventRow(otherEvent)).toMatchObject({ title: 'Elsewhere', isCancelled: false, circleId: otherCircle });

    const edited = await t.api(
      s.host,
      'PUT',
      `/api/circles/${s.circleId}/events/${eventId}`,
      body({ title: 'Renamed' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await eventRow(eventId)).title).toBe('Renamed');
    const cancelled = await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events/${eventId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect((await eventRow(eventId)).isCancelled).toBe(true);
    expect(await listIds(s.member)).not.toContain(eventId);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, eventId))).map(
      (e) => e.action,
    );
    expect(actions.sort()).toEqual(['event.cancel', 'event.create', 'event.update']);
  });

  it('members and moderators who are not hosts cannot schedule (403); admins can, in any circle', async () => {
    const s = await setting();
    for (const who of [s.member, s.moderator, s.outsider]) {
      const response = await t.api(who, 'POST', `/api/circles/${s.circleId}/events`, body());
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(NOT_CIRCLE_HOST);
    }
    const eventId = await schedule(s.admin, s.circleId, { visibility: 'community' });
    for (const who of [s.member, s.moderator]) {
      expect((await t.api(who, 'PUT', `/api/circles/${s.circleId}/events/${eventId}`, body())).statusCode).toBe(403);
      expect((await t.api(who, 'POST', `/api/circles/${s.circleId}/events/${eventId}/cancel`)).statusCode).toBe(403);
    }
    expect(await eventRow(eventId)).toMatchObject({
      title: 'New Moon Circle',
      visibility: 'community',
      isCancelled: false,
    });
    const circleEventCount = (
      await t.database.db.select().from(circleEvents).where(eq(circleEvents.circleId, s.circleId))
    ).length;
    expect(circleEventCount).toBe(1);
  });

  it('a host who lost her role, or left, schedules nothing more', async () => {
    const s = await setting();
    await t.database.db
      .update(circleMemberships)
      .set({ role: 'member' })
      .where(and(eq(circleMemberships.circleId, s.circleId), eq(circleMemberships.userId, s.host.id)));
    expect((await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events`, body())).statusCode).toBe(403);
    await removeMembership(s.circleId, s.host);
    expect((await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events`, body())).statusCode).toBe(403);
  });

  it('the same validation as the admin routes: past times, a virtual event without a link, hostile ids', async () => {
    const s = await setting();
    const past = await t.api(
      s.host,
      'POST',
      `/api/circles/${s.circleId}/events`,
      body({ eventDate: new Date(Date.now() - HOUR).toISOString() }),
    );
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe(EVENT_IN_PAST);
    const noLink = await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events`, body({ meetingLink: null }));
    expect(noLink.statusCode).toBe(400);
    expect(errorOf(noLink).message).toContain('A virtual event needs a meeting link');
    const wrongVisibility = await t.api(
      s.host,
      'POST',
      `/api/circles/${s.circleId}/events`,
      body({ visibility: 'secret' }),
    );
    expect(wrongVisibility.statusCode).toBe(400);
    // circleId in the body is not how a circle is chosen: the path's circle is.
    const elsewhere = await makeCircle();
    const eventId = await schedule(s.host, s.circleId, { circleId: elsewhere });
    expect((await eventRow(eventId)).circleId).toBe(s.circleId);
    expect((await t.api(s.host, 'GET', '/api/circles/not-a-uuid/events')).statusCode).toBe(400);
    const hostileId = await t.api(s.host, 'PUT', `/api/circles/${s.circleId}/events/1'%20or%20'1'='1`, body());
    expect(hostileId.statusCode).toBe(400);
    expect(errorOf(hostileId).message).toContain('Unknown event');
    const unknownCircle = await t.api(
      s.host,
      'POST',
      '/api/circles/00000000-0000-4000-8000-000000000000/events',
      body(),
    );
    expect(unknownCircle.statusCode).toBe(404);
    expect((await t.database.db.select().from(circleEvents).where(eq(circleEvents.circleId, s.circleId))).length).toBe(
      1,
    );
  });

  it('an edit tells those attending; a cancel tells them once; the admin routes keep working and accept visibility', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId);
    await rsvp(s.member, eventId, 'going');
    await rsvp(s.other, eventId, 'maybe');
    const later = new Date(Date.now() + 4 * DAY).toISOString();
    expect(
      (await t.api(s.host, 'PUT', `/api/circles/${s.circleId}/events/${eventId}`, body({ eventDate: later })))
        .statusCode,
    ).toBe(200);
    const noticesOf = async (who: TestMember, type: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.type, type)));
    expect(await noticesOf(s.member, 'event_changed')).toHaveLength(1);
    expect(await noticesOf(s.other, 'event_changed')).toHaveLength(1);

    // The admin's route edits it too, and keeps its visibility when she names it.
    const admin = await t.api(s.admin, 'PUT', `/api/admin/events/${eventId}`, {
      ...body({ eventDate: later, title: 'Renamed by admin' }),
      circleId: s.circleId,
      visibility: 'circle',
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await eventRow(eventId)).toMatchObject({ title: 'Renamed by admin', visibility: 'circle' });
    // An edit that does not name it keeps it, on either route (it never widens a circle-only event).
    for (const [who, url, extra] of [
      [s.admin, `/api/admin/events/${eventId}`, { circleId: s.circleId }],
      [s.host, `/api/circles/${s.circleId}/events/${eventId}`, {}],
    ] as const) {
      const kept = await t.api(who, 'PUT', url, { ...body({ eventDate: later, title: 'Kept' }), ...extra });
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await eventRow(eventId)).visibility).toBe('circle');
    }

    await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events/${eventId}/cancel`);
    await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events/${eventId}/cancel`);
    expect(await noticesOf(s.member, 'event_cancelled')).toHaveLength(1);
    // The cancelled event's page still opens for its members (from the notice), and is still not the outsider's.
    expect((await t.api(s.member, 'GET', `/api/events/${eventId}`)).json().isCancelled).toBe(true);
    expect((await t.api(s.outsider, 'GET', `/api/events/${eventId}`)).statusCode).toBe(404);

    // An admin event without visibility stays a Sacred Event, as before.
    const sacred = await t.api(s.admin, 'POST', '/api/admin/events', { ...body(), circleId: s.circleId });
    expect(sacred.statusCode).toBe(200);
    expect((await eventRow(sacred.json().id)).visibility).toBe('community');
  });

  it('a notice of a change never reaches someone who can no longer see the event', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId);
    await rsvp(s.member, eventId, 'going');
    await removeMembership(s.circleId, s.member);
    const later = new Date(Date.now() + 5 * DAY).toISOString();
    await t.api(s.host, 'PUT', `/api/circles/${s.circleId}/events/${eventId}`, body({ eventDate: later }));
    await t.api(s.host, 'POST', `/api/circles/${s.circleId}/events/${eventId}/cancel`);
    const notices = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.member.id));
    expect(notices.map((n) => n.type)).not.toContain('event_changed');
    expect(notices.map((n) => n.type)).not.toContain('event_cancelled');
  });

  it('making a community event circle-only takes back the answers of those outside the circle, counts exact', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId, { visibility: 'community' });
    await rsvp(s.member, eventId, 'going');
    await rsvp(s.outsider, eventId, 'going');
    await rsvp(s.moderator, eventId, 'maybe');
    expect((await eventRow(eventId)).attendeeCount).toBe(2);
    const edited = await t.api(
      s.host,
      'PUT',
      `/api/circles/${s.circleId}/events/${eventId}`,
      body({ visibility: 'circle' }),
    );
    expect(edited.statusCode).toBe(200);
    const left = await t.database.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, eventId));
    expect(left.map((r) => r.userId).sort()).toEqual([s.member.id, s.moderator.id].sort());
    expect((await eventRow(eventId)).attendeeCount).toBe(1);
    expect(await goingCount(eventId)).toBe(1);
    expect(await listIds(s.outsider, 'mine')).not.toContain(eventId);
  });
});

describe("a circle's events: answers, capacity, leaving, reminders", () => {
  it('capacity holds on a circle-only event: the second member to say going meets "full"', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId, { maxAttendees: 1 });
    const [a, b] = await Promise.all([rsvp(s.member, eventId, 'going'), rsvp(s.other, eventId, 'going')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const full = a.statusCode === 409 ? a : b;
    expect(errorOf(full).message).toBe(EVENT_FULL);
    expect((await eventRow(eventId)).attendeeCount).toBe(1);
    // A maybe is still an answer (no seat), and the attendees list shows who is going.
    const winner = a.statusCode === 200 ? s.member : s.other;
    const loser = winner === s.member ? s.other : s.member;
    expect((await rsvp(loser, eventId, 'maybe')).statusCode).toBe(200);
    const attendees = (await t.api(s.member, 'GET', `/api/events/${eventId}/attendees`)).json().attendees;
    expect(attendees.map((x: { userId: string }) => x.userId)).toEqual([winner.id]);
  });

  it('dropCircleOnlyRsvps: leaving takes back going and maybe to the circle-only events only, counts exact', async () => {
    const s = await setting();
    const circleOnly = await schedule(s.host, s.circleId);
    const maybeOne = await schedule(s.host, s.circleId, { title: 'Maybe one' });
    const community = await schedule(s.host, s.circleId, { visibility: 'community', title: 'Open' });
    const otherCircle = await makeCircle();
    await addMember(otherCircle, s.member);
    const elsewhere = await schedule(s.admin, otherCircle, { title: 'Elsewhere' });
    for (const id of [circleOnly, community, elsewhere])
      expect((await rsvp(s.member, id, 'going')).statusCode).toBe(200);
    await rsvp(s.member, maybeOne, 'maybe');
    await rsvp(s.other, circleOnly, 'going');
    expect((await eventRow(circleOnly)).attendeeCount).toBe(2);

    await t.database.db.transaction(async (tx) => {
      await tx
        .delete(circleMemberships)
        .where(and(eq(circleMemberships.circleId, s.circleId), eq(circleMemberships.userId, s.member.id)));
      await dropCircleOnlyRsvps(tx, s.circleId, s.member.id);
    });
    const hers = await t.database.db.select().from(eventRsvps).where(eq(eventRsvps.userId, s.member.id));
    expect(hers.map((r) => r.eventId).sort()).toEqual([community, elsewhere].sort());
    expect((await eventRow(circleOnly)).attendeeCount).toBe(1);
    expect((await eventRow(maybeOne)).attendeeCount).toBe(0);
    expect((await eventRow(community)).attendeeCount).toBe(1);
    expect((await eventRow(elsewhere)).attendeeCount).toBe(1);
    // Nothing to take back: harmless.
    await t.database.db.transaction((tx) => dropCircleOnlyRsvps(tx, s.circleId, s.member.id));
    expect((await eventRow(circleOnly)).attendeeCount).toBe(1);
  });

  it('leaving through the circle page takes back her circle-only answers and ends her sight of them at once', async () => {
    const s = await setting();
    const circleOnly = await schedule(s.host, s.circleId);
    const community = await schedule(s.host, s.circleId, { visibility: 'community', title: 'Open' });
    for (const id of [circleOnly, community]) expect((await rsvp(s.member, id, 'going')).statusCode).toBe(200);
    const left = await t.api(s.member, 'DELETE', `/api/circles/${s.circleId}/membership`);
    expect(left.statusCode, left.body).toBe(200);
    const hers = await t.database.db.select().from(eventRsvps).where(eq(eventRsvps.userId, s.member.id));
    expect(hers.map((r) => r.eventId)).toEqual([community]);
    expect((await eventRow(circleOnly)).attendeeCount).toBe(0);
    expect((await eventRow(community)).attendeeCount).toBe(1);
    expect(await listIds(s.member, 'mine')).toEqual([community]);
    expect((await t.api(s.member, 'GET', `/api/events/${circleOnly}`)).statusCode).toBe(404);
    // What she was told about the circle-only event goes with it; the Sacred Event's notice stays.
    const told = (await t.api(s.member, 'GET', '/api/notifications')).json().notifications as {
      data: { eventId?: string };
    }[];
    expect(told.map((n) => n.data.eventId).filter(Boolean)).toEqual([community]);
  });

  it('an answer racing her leaving: either refused, or taken back by the leave; never kept, counts exact', async () => {
    const s = await setting();
    const eventId = await schedule(s.host, s.circleId);
    await rsvp(s.other, eventId, 'going');
    for (let round = 0; round < 4; round++) {
      // In again (the setting made her a member; each round she left).
      if (round > 0) await addMember(s.circleId, s.member);
      const leave = t.database.db.transaction(async (tx) => {
        await tx.select().from(circles).where(eq(circles.id, s.circleId)).for('update');
        await tx
          .delete(circleMemberships)
          .where(and(eq(circleMemberships.circleId, s.circleId), eq(circleMemberships.userId, s.member.id)));
        await dropCircleOnlyRsvps(tx, s.circleId, s.member.id);
      });
      const [answer] = await Promise.all([rsvp(s.member, eventId, 'going'), leave]);
      expect([200, 404]).toContain(answer.statusCode);
      const hers = await t.database.db
        .select()
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, s.member.id)));
      expect(hers).toEqual([]);
      expect((await eventRow(eventId)).attendeeCount).toBe(await goingCount(eventId));
    }
  });

  it('reminders skip a member who left, and still reach those in the circle', async () => {
    const s = await setting();
    const start = new Date(Date.now() + 30 * DAY);
    const [event] = await t.database.db
      .insert(circleEvents)
      .values({
        circleId: s.circleId,
        title: 'Reminder circle',
        description: 'Gather',
        eventDate: start,
        durationMinutes: 60,
        isVirtual: true,
        meetingLink: LINK,
        visibility: 'circle',
      })
      .returning();
    if (!event) throw new Error('no event');
    await rsvp(s.member, event.id, 'going');
    await rsvp(s.other, event.id, 'maybe');
    // She left with her answer still there (as if the leave had not taken it back): the job checks anyway.
    await removeMembership(s.circleId, s.member);
    const sent = await sendEventReminders(t.database.db, t.app.mailer, {
      productName: 'Lunara',
      appUrl: 'http://localhost:3000',
      now: new Date(start.getTime() - 24 * HOUR + 60_000),
    });
    expect(sent).toBe(1);
    const claimed = await t.database.db.select().from(eventReminders).where(eq(eventReminders.eventId, event.id));
    expect(claimed.map((r) => r.userId)).toEqual([s.other.id]);
    const reminders = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.member.id), eq(notifications.type, 'event_reminder')));
    expect(reminders).toEqual([]);
  });
});
