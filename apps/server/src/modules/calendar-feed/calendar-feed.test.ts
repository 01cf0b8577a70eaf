import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { circleEvents, circles } from '../../db/schema/circles.ts';
import { calendarFeeds } from '../../db/schema/event-reminders.ts';
import { idempotencyKeys } from '../../db/schema/operations.ts';

let t: TestApp;
let circleId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [circle] = await t.database.db
    .insert(circles)
    .values({ name: 'Feed circle', description: 'Test', type: 'open', focusArea: 'Testing', maxMembers: 50 })
    .returning();
  if (!circle) throw new Error('no circle');
  circleId = circle.id;
});
afterAll(async () => t?.close());

const LINK = 'https://meet.example.com/sacred-room';

async function makeEvent(title: string, daysAhead: number) {
  const [event] = await t.database.db
    .insert(circleEvents)
    .values({
      circleId,
      title,
      description: 'Gather, with friends',
      eventDate: new Date(Date.now() + daysAhead * 86_400_000),
      durationMinutes: 60,
      isVirtual: true,
      meetingLink: LINK,
    })
    .returning();
  if (!event) throw new Error('no event');
  return event;
}

const rsvp = (m: TestMember, eventId: string, status: 'going' | 'maybe' | 'not_going') =>
  t.api(m, 'PUT', `/api/events/${eventId}/rsvp`, { status });

const feedPath = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => t.request({ method: 'GET', url: feedPath(url) });
/** The content lines as a calendar reads them (folded lines joined back). */
const lines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

async function turnOn(m: TestMember) {
  const response = await t.api(m, 'POST', '/api/calendar-feed');
  expect(response.statusCode).toBe(200);
  return response.json() as { enabled: boolean; httpsUrl: string; webcalUrl: string };
}

describe('the calendar feed', () => {
  it('lists the events she is going to or may attend, cancelled ones marked, with their meeting links', async () => {
    const m = await t.signUpSubscriber();
    const going = await makeEvent('Going circle', 3);
    const maybe = await makeEvent('Maybe circle', 4);
    const no = await makeEvent('Declined circle', 5);
    const cancelled = await makeEvent('Cancelled circle', 6);
    const notAnswered = await makeEvent('Unanswered circle', 7);
    await rsvp(m, going.id, 'going');
    await rsvp(m, maybe.id, 'maybe');
    await rsvp(m, no.id, 'not_going');
    await rsvp(m, cancelled.id, 'going');
    await t.database.db
      .update(circleEvents)
      .set({ isCancelled: true, updatedAt: new Date(Date.now() + 5000) })
      .where(eq(circleEvents.id, cancelled.id));

    expect((await t.api(m, 'GET', '/api/calendar-feed')).json()).toMatchObject({ enabled: false, httpsUrl: null });
    const feed = await turnOn(m);
    expect(feed.httpsUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.httpsUrl.replace(/^http:/, 'webcal:'));
    // Shown once: afterwards only that it is on.
    expect((await t.api(m, 'GET', '/api/calendar-feed')).json()).toMatchObject({
      enabled: true,
      httpsUrl: null,
      webcalUrl: null,
    });

    const response = await fetchFeed(feed.httpsUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toContain('private');
    const ics = lines(response.body);
    expect(ics).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    expect(ics).toContain('X-PUBLISHED-TTL:PT60M');
    expect(ics).toContain('SUMMARY:Going circle');
    expect(ics).toContain('SUMMARY:Maybe circle');
    expect(ics).toContain(`UID:${going.id}@localhost`);
    expect(ics).toContain(`URL:${LINK}`);
    expect(ics).toContain('DESCRIPTION:Gather\\, with friends');
    expect(response.body).not.toContain('Declined circle');
    expect(response.body).not.toContain('Unanswered circle');
    expect(notAnswered.id).not.toBe(going.id);
    const cancelledBlock = response.body.slice(response.body.indexOf(`UID:${cancelled.id}`));
    expect(cancelledBlock.slice(0, cancelledBlock.indexOf('END:VEVENT'))).toContain('STATUS:CANCELLED');
    expect(response.body.split('BEGIN:VEVENT')).toHaveLength(4);
  });

  it('moves SEQUENCE and LAST-MODIFIED with an edit, keeping the UID', async () => {
    const m = await t.signUpSubscriber();
    const event = await makeEvent('Edited circle', 3);
    await rsvp(m, event.id, 'going');
    const feed = await turnOn(m);
    const before = lines((await fetchFeed(feed.httpsUrl)).body);
    await t.database.db
      .update(circleEvents)
      .set({ title: 'Edited circle, later', updatedAt: new Date(event.createdAt.getTime() + 90_000) })
      .where(eq(circleEvents.id, event.id));
    const after = lines((await fetchFeed(feed.httpsUrl)).body);
    const sequence = (ics: string[]) => Number(ics.find((line) => line.startsWith('SEQUENCE:'))?.slice(9));
    expect(sequence(after)).toBeGreaterThan(sequence(before));
    expect(after).toContain('SEQUENCE:90');
    expect(after).toContain(`UID:${event.id}@localhost`);
    expect(after).toContain('SUMMARY:Edited circle\\, later');
    expect(after.find((line) => line.startsWith('LAST-MODIFIED:'))).not.toBe(
      before.find((line) => line.startsWith('LAST-MODIFIED:')),
    );
  });

  it('keeps no answer for an Idempotency-Key replay: the link is stored nowhere, a repeat makes a new one', async () => {
    const m = await t.signUpSubscriber();
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/calendar-feed',
        cookie: m.cookie,
        headers: { 'idempotency-key': 'calendar-feed-key-0001' },
      });
    const first = await send();
    const second = await send();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    const [oldUrl, newUrl] = [first.json().httpsUrl, second.json().httpsUrl];
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetchFeed(oldUrl)).statusCode).toBe(404);
    expect((await fetchFeed(newUrl)).statusCode).toBe(200);
    const kept = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, m.id));
    expect(JSON.stringify(kept)).not.toContain(new URL(newUrl).pathname.split('/').pop()?.replace('.ics', ''));
  });

  it('stores only a hash of the token; Reset link ends the old address at once, Turn off ends it too', async () => {
    const m = await t.signUpSubscriber();
    const first = await turnOn(m);
    const token = feedPath(first.httpsUrl).slice('/calendar/'.length, -'.ics'.length);
    const [row] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, m.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const reset = await turnOn(m);
    expect(reset.httpsUrl).not.toBe(first.httpsUrl);
    const old = await fetchFeed(first.httpsUrl);
    expect(old.statusCode).toBe(404);
    // The API's JSON 404, not the web app's page.
    expect(old.json().error.code).toBe('NOT_FOUND');
    expect((await fetchFeed(reset.httpsUrl)).statusCode).toBe(200);

    expect((await t.api(m, 'DELETE', '/api/calendar-feed')).json()).toMatchObject({ enabled: false });
    expect((await fetchFeed(reset.httpsUrl)).statusCode).toBe(404);
    expect((await t.api(m, 'GET', '/api/calendar-feed')).json()).toMatchObject({ enabled: false });
  });

  it('answers 404 for unknown and malformed tokens, and for a member who lost her membership', async () => {
    for (const url of ['/calendar/nope.ics', `/calendar/${'a'.repeat(43)}.ics`, '/calendar/%00.ics']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    const lapsed = await t.signUpSubscriber();
    const feed = await turnOn(lapsed);
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, lapsed.id));
    expect((await fetchFeed(feed.httpsUrl)).statusCode).toBe(404);
  });

  it('is rate-limited per address, so tokens cannot be guessed at speed', async () => {
    const fetchAs = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/calendar/${'b'.repeat(43)}.ics`, remoteAddress });
    for (let n = 0; n < 60; n++) expect((await fetchAs('198.51.100.7')).statusCode).toBe(404);
    expect((await fetchAs('198.51.100.7')).statusCode).toBe(429);
    // Another address is not held back.
    expect((await fetchAs('198.51.100.8')).statusCode).toBe(404);
  });

  it("shows only its owner's events: another member's feed is hers alone", async () => {
    const a = await t.signUpSubscriber();
    const b = await t.signUpSubscriber();
    const eventA = await makeEvent('Only A goes', 3);
    await rsvp(a, eventA.id, 'going');
    const feedA = await turnOn(a);
    const feedB = await turnOn(b);
    expect((await fetchFeed(feedB.httpsUrl)).body).not.toContain('Only A goes');
    expect((await fetchFeed(feedA.httpsUrl)).body).toContain('Only A goes');
    // B resetting or turning off her own feed leaves A's alone.
    await t.api(b, 'DELETE', '/api/calendar-feed');
    expect((await fetchFeed(feedA.httpsUrl)).statusCode).toBe(200);
  });

  it('is for members: visitors 401, a member without a membership 403', async () => {
    const free = await t.signUp();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.api(undefined, method, '/api/calendar-feed')).statusCode, method).toBe(401);
      expect((await t.api(free, method, '/api/calendar-feed')).statusCode, method).toBe(403);
    }
  });
});

describe('the meeting link', () => {
  it('only attendees (going or maybe), the host and staff see, in every answer about the event', async () => {
    const event = await makeEvent('Linked circle', 3);
    const attendee = await t.signUpSubscriber();
    const maybe = await t.signUpSubscriber();
    const outsider = await t.signUpSubscriber();
    const declined = await t.signUpSubscriber();
    const moderator = await t.signUpSubscriber('moderator');
    const rsvpAnswer = await rsvp(attendee, event.id, 'going');
    expect(rsvpAnswer.json().meetingLink).toBe(LINK);
    await rsvp(maybe, event.id, 'maybe');
    await rsvp(declined, event.id, 'going');
    expect((await rsvp(declined, event.id, 'not_going')).json().meetingLink).toBeNull();

    const answers = async (m: TestMember) => {
      const list = (await t.api(m, 'GET', '/api/events')).json().events.find((e: { id: string }) => e.id === event.id);
      const detail = (await t.api(m, 'GET', `/api/events/${event.id}`)).json();
      const ics = (await t.api(m, 'GET', `/api/events/${event.id}/calendar.ics`)).body;
      const search = (await t.api(m, 'GET', '/api/search?q=Linked')).body;
      return { list, detail, ics, search };
    };
    for (const m of [attendee, maybe, moderator]) {
      const seen = await answers(m);
      expect(seen.list.meetingLink).toBe(LINK);
      expect(seen.detail.meetingLink).toBe(LINK);
      expect(seen.ics).toContain(`URL:${LINK}`);
    }
    for (const m of [outsider, declined]) {
      const seen = await answers(m);
      expect(seen.list.meetingLink).toBeNull();
      expect(seen.detail.meetingLink).toBeNull();
      expect(seen.detail.isVirtual).toBe(true);
      expect(seen.ics).toContain('LOCATION:Online');
      for (const body of [JSON.stringify(seen.list), JSON.stringify(seen.detail), seen.ics, seen.search]) {
        expect(body).not.toContain('meet.example.com');
      }
    }
  });

  it('a maybe on a full event does not open the room: no link in the answers nor in her feed', async () => {
    const event = await makeEvent('Full circle', 3);
    await t.database.db.update(circleEvents).set({ maxAttendees: 1 }).where(eq(circleEvents.id, event.id));
    const seated = await t.signUpSubscriber();
    const late = await t.signUpSubscriber();
    const early = await t.signUpSubscriber();
    // A maybe while there is room sees the link...
    expect((await rsvp(early, event.id, 'maybe')).json().meetingLink).toBe(LINK);
    expect((await rsvp(seated, event.id, 'going')).json().meetingLink).toBe(LINK);
    // ...and once the last seat is taken, no maybe does: "going" is refused, "maybe" is no way in.
    expect((await rsvp(late, event.id, 'going')).statusCode).toBe(409);
    const maybe = await rsvp(late, event.id, 'maybe');
    expect(maybe.statusCode).toBe(200);
    expect(maybe.json().meetingLink).toBeNull();
    for (const m of [late, early]) {
      expect((await t.api(m, 'GET', `/api/events/${event.id}`)).json().meetingLink).toBeNull();
      expect((await t.api(m, 'GET', `/api/events/${event.id}/calendar.ics`)).body).not.toContain('meet.example.com');
      const feed = await fetchFeed((await turnOn(m)).httpsUrl);
      expect(feed.body).toContain('SUMMARY:Full circle');
      expect(feed.body).not.toContain('meet.example.com');
    }
    expect((await t.api(seated, 'GET', `/api/events/${event.id}`)).json().meetingLink).toBe(LINK);
  });
});
