import type { RealtimeEvent } from '@lunara/shared/realtime';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { circleEvents, circleMemberships, circles, eventRsvps } from '../../db/schema/circles.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { listEvents } from '../events/event-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const subscriber = (role?: 'moderator' | 'admin') => t.signUpSubscriber(role);
const api = (
  member: TestMember | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => t.request({ method, url, cookie: member?.cookie, payload: method === 'GET' ? undefined : (payload ?? {}) });

async function makeCircle(type: 'open' | 'specialized' | 'course_aligned' | 'private', maxMembers = 20) {
  const [circle] = await t.database.db
    .insert(circles)
    .values({
      name: `${type} circle ${Date.now()}`,
      description: 'A test circle',
      type,
      focusArea: 'Testing',
      maxMembers,
    })
    .returning();
  if (!circle) throw new Error('no circle');
  return circle;
}

async function makeEvent(circleId: string, eventDate: Date, maxAttendees: number | null = null) {
  const [event] = await t.database.db
    .insert(circleEvents)
    .values({
      circleId,
      title: 'Moon, circle; and "friends"',
      description: 'Line one\nLine two',
      eventDate,
      durationMinutes: 90,
      isVirtual: true,
      meetingLink: 'https://meet.example.com/moon',
      maxAttendees,
    })
    .returning();
  if (!event) throw new Error('no event');
  return event;
}

describe('joining circles', () => {
  it('takes a member into course-aligned and specialized circles at once', async () => {
    const member = await subscriber();
    for (const type of ['course_aligned', 'specialized'] as const) {
      const circle = await makeCircle(type);
      const joined = await api(member, 'POST', `/api/circles/${circle.id}/join`);
      expect(joined.json()).toEqual({ status: 'approved', message: 'Welcome to the circle!' });
    }
    const { circles: list } = (await api(member, 'GET', '/api/circles')).json();
    expect(list.filter((circle: { isMember: boolean }) => circle.isMember).length).toBeGreaterThanOrEqual(2);
  });

  it('makes a pending request for open circles, refused the second time with the spec message', async () => {
    const member = await subscriber();
    const circle = await makeCircle('open');
    expect((await api(member, 'POST', `/api/circles/${circle.id}/join`)).json()).toEqual({
      status: 'pending',
      message: 'Join request sent successfully!',
    });
    const again = await api(member, 'POST', `/api/circles/${circle.id}/join`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("Already Requested: You've already requested to join this circle.");
  });

  it('records an invitation request for private circles, never an immediate membership', async () => {
    const member = await subscriber();
    const circle = await makeCircle('private');
    expect((await api(member, 'POST', `/api/circles/${circle.id}/join`)).json().status).toBe('pending');
    const [row] = await t.database.db
      .select()
      .from(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.userId, member.id)));
    expect(row?.status).toBe('pending');
  });

  it('never passes max_members, even under concurrent joins', async () => {
    const circle = await makeCircle('specialized', 3);
    const members = await Promise.all(Array.from({ length: 8 }, () => subscriber()));
    const responses = await Promise.all(members.map((member) => api(member, 'POST', `/api/circles/${circle.id}/join`)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(
      responses
        .filter((response) => response.statusCode === 409)
        .every((response) => response.json().error.message === 'This circle is full'),
    ).toBe(true);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.status, 'approved')));
    expect(row?.n).toBe(3);
  });

  it('lets a member leave', async () => {
    const member = await subscriber();
    const circle = await makeCircle('specialized');
    await api(member, 'POST', `/api/circles/${circle.id}/join`);
    expect((await api(member, 'DELETE', `/api/circles/${circle.id}/membership`)).statusCode).toBe(200);
    expect((await api(member, 'DELETE', `/api/circles/${circle.id}/membership`)).statusCode).toBe(404);
  });

  it('lets moderators approve or decline requests, telling the member; members cannot', async () => {
    const member = await subscriber();
    const other = await subscriber();
    const moderator = await subscriber('moderator');
    const circle = await makeCircle('open');
    await api(member, 'POST', `/api/circles/${circle.id}/join`);
    await api(other, 'POST', `/api/circles/${circle.id}/join`);
    expect((await api(member, 'GET', '/api/circles/requests')).statusCode).toBe(403);
    const { requests } = (await api(moderator, 'GET', '/api/circles/requests')).json();
    const mine = requests.find(
      (request: { userId: string; circleId: string }) => request.userId === member.id && request.circleId === circle.id,
    );
    const theirs = requests.find(
      (request: { userId: string; circleId: string }) => request.userId === other.id && request.circleId === circle.id,
    );
    expect((await api(member, 'POST', `/api/circles/requests/${mine.id}/approve`)).statusCode).toBe(403);
    expect((await api(moderator, 'POST', `/api/circles/requests/${mine.id}/approve`)).statusCode).toBe(200);
    expect((await api(moderator, 'POST', `/api/circles/requests/${theirs.id}/decline`)).statusCode).toBe(200);
    const note = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'circle_invite')));
    expect(note).toHaveLength(1);
    const list = (await api(member, 'GET', '/api/circles')).json().circles;
    expect(list.find((candidate: { id: string }) => candidate.id === circle.id)).toMatchObject({
      isMember: true,
      memberCount: 1,
    });
    // A declined member may ask again.
    expect((await api(other, 'POST', `/api/circles/${circle.id}/join`)).json().status).toBe('pending');
  });

  it('tells a declined member, and tells her open pages of either decision at once', async () => {
    const approved = await subscriber();
    const declined = await subscriber();
    const moderator = await subscriber('moderator');
    const circle = await makeCircle('open');
    await api(approved, 'POST', `/api/circles/${circle.id}/join`);
    await api(declined, 'POST', `/api/circles/${circle.id}/join`);
    const { requests } = (await api(moderator, 'GET', '/api/circles/requests')).json();
    const requestOf = (member: TestMember) =>
      requests.find((request: { userId: string; circleId: string }) => request.userId === member.id).id;
    const baseUrl = await t.listen();
    const streams = await Promise.all([approved, declined].map((member) => openEventStream(baseUrl, member.cookie)));
    const changed = (event: RealtimeEvent) => event.type === 'circle.membership-changed';
    try {
      await Promise.all(streams.map((stream) => stream.next((event) => event.type === 'ready')));
      await api(moderator, 'POST', `/api/circles/requests/${requestOf(approved)}/approve`);
      await api(moderator, 'POST', `/api/circles/requests/${requestOf(declined)}/decline`);
      for (const stream of streams) {
        expect(await stream.next(changed)).toEqual({ type: 'circle.membership-changed', circleId: circle.id });
      }
    } finally {
      for (const stream of streams) stream.close();
    }
    const inbox = (await api(declined, 'GET', '/api/notifications')).json().notifications;
    expect(inbox).toEqual([
      expect.objectContaining({
        type: 'circle_declined',
        title: 'Join request declined',
        message: `Your request to join ${circle.name} was not accepted this time. You may ask again later.`,
        read: false,
        data: { circleId: circle.id },
      }),
    ]);
    // A second decision on the same request is refused and tells nobody twice.
    expect((await api(moderator, 'POST', `/api/circles/requests/${requestOf(declined)}/approve`)).statusCode).toBe(404);
    expect((await api(declined, 'GET', '/api/notifications')).json().notifications).toHaveLength(1);
  });
});

describe('events', () => {
  it('keeps attendee_count exact and refuses "going" past max_attendees, also concurrently', async () => {
    const circle = await makeCircle('open');
    const event = await makeEvent(circle.id, new Date(Date.now() + 3 * 86_400_000), 2);
    const members = await Promise.all(Array.from({ length: 6 }, () => subscriber()));
    const responses = await Promise.all(
      members.map((member) => api(member, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'going' })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(2);
    expect(responses.find((response) => response.statusCode === 409)?.json().error.message).toBe(
      'This event is full: no places are left',
    );
    const goingMember = members[responses.findIndex((response) => response.statusCode === 200)];
    if (!goingMember) throw new Error('nobody going');
    const after = (await api(goingMember, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'not_going' })).json();
    expect(after).toMatchObject({ attendeeCount: 1, myRsvp: 'not_going' });
    const [row] = await t.database.db.select().from(circleEvents).where(eq(circleEvents.id, event.id));
    const [going] = await t.database.db
      .select({ n: count() })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.status, 'going')));
    expect(row?.attendeeCount).toBe(going?.n);
    const attendees = (await api(goingMember, 'GET', `/api/events/${event.id}/attendees`)).json();
    expect(attendees.attendees).toHaveLength(1);
  });

  it('confirms a "going" RSVP with an event_rsvp notification', async () => {
    const member = await subscriber();
    const circle = await makeCircle('open');
    const event = await makeEvent(circle.id, new Date(Date.now() + 86_400_000));
    await api(member, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'maybe' });
    await api(member, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'going' });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'event_rsvp')));
    expect(notes).toHaveLength(1);
  });

  it('filters today and this week by the member’s own calendar, across a time-zone boundary', async () => {
    const member = await subscriber();
    const circle = await makeCircle('open');
    // Saturday 1 June 2030, 10:00 UTC: 19:00 in Tokyo, 03:00 in Los Angeles.
    const now = new Date('2030-06-01T10:00:00Z');
    const saturdayAfternoon = await makeEvent(circle.id, new Date('2030-06-01T16:00:00Z'));
    const sundayAfternoon = await makeEvent(circle.id, new Date('2030-06-02T16:00:00Z'));
    const ids = async (view: 'today' | 'week', tz: string) =>
      (await listEvents(t.database.db, { id: member.id, role: 'user' }, view, tz, now)).map((event) => event.id);

    expect(await ids('today', 'UTC')).toContain(saturdayAfternoon.id);
    expect(await ids('today', 'America/Los_Angeles')).toContain(saturdayAfternoon.id);
    // In Tokyo it is already 01:00 on Sunday when it starts: not today.
    expect(await ids('today', 'Asia/Tokyo')).not.toContain(saturdayAfternoon.id);
    // Sunday 16:00 UTC is still this week in UTC, but Monday 01:00 (next week) in Tokyo.
    expect(await ids('week', 'UTC')).toContain(sundayAfternoon.id);
    expect(await ids('week', 'Asia/Tokyo')).not.toContain(sundayAfternoon.id);
    expect(await ids('week', 'Asia/Tokyo')).toContain(saturdayAfternoon.id);
  });

  it('shows My Events and refuses an unknown time zone', async () => {
    const member = await subscriber();
    const circle = await makeCircle('open');
    const event = await makeEvent(circle.id, new Date(Date.now() + 2 * 86_400_000));
    const mine = async () =>
      (await api(member, 'GET', '/api/events?view=mine&tz=UTC')).json().events.map((e: { id: string }) => e.id);
    expect(await mine()).not.toContain(event.id);
    await api(member, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'maybe' });
    expect(await mine()).toContain(event.id);
    expect((await api(member, 'GET', '/api/events?tz=Mars/Olympus')).statusCode).toBe(400);
  });

  it('opens a cancelled event from a link, saying so, and takes no answer to it', async () => {
    const member = await subscriber();
    const circle = await makeCircle('open');
    const event = await makeEvent(circle.id, new Date(Date.now() + 2 * 86_400_000));
    expect((await api(member, 'GET', `/api/events/${event.id}`)).json()).toMatchObject({
      id: event.id,
      isCancelled: false,
    });
    await t.database.db.update(circleEvents).set({ isCancelled: true }).where(eq(circleEvents.id, event.id));
    expect((await api(member, 'GET', `/api/events/${event.id}`)).json()).toMatchObject({
      id: event.id,
      title: event.title,
      isCancelled: true,
    });
    const answer = await api(member, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'going' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.message).toBe('This event was cancelled');
    expect((await api(member, 'GET', '/api/events/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lists only upcoming events', async () => {
    const member = await subscriber();
    const circle = await makeCircle('open');
    const past = await makeEvent(circle.id, new Date(Date.now() - 86_400_000));
    const events = (await api(member, 'GET', '/api/events')).json().events;
    expect(events.map((e: { id: string }) => e.id)).not.toContain(past.id);
  });

  it('downloads a valid .ics file with UTC times and escaped text', async () => {
    const member = await subscriber();
    const circle = await makeCircle('open');
    const start = new Date('2030-06-01T18:00:00Z');
    const event = await makeEvent(circle.id, start);
    // Going: the meeting link is hers (a member not going gets "Online": calendar-feed.test.ts).
    expect((await api(member, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'going' })).statusCode).toBe(200);
    const response = await api(member, 'GET', `/api/events/${event.id}/calendar.ics`);
    expect(response.headers['content-type']).toContain('text/calendar');
    const body = response.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('DTSTART:20300601T180000Z\r\n');
    expect(body).toContain('DTEND:20300601T193000Z\r\n');
    expect(body).toContain('SUMMARY:Moon\\, circle\\; and "friends"\r\n');
    expect(body).toContain('DESCRIPTION:Line one\\nLine two\r\n');
    expect(body).toContain('LOCATION:https://meet.example.com/moon\r\n');
    expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
