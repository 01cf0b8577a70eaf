import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { profiles } from '../../db/schema/members.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp();
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
  moderator = await t.signUp();
  await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
  member = await t.signUp();
  await t.request({ method: 'POST', url: '/api/billing/test/complete', cookie: member.cookie, payload: {} });
});
afterAll(async () => t?.close());

const inOneWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('who may use each admin endpoint', () => {
  const adminOnly: Array<[method: 'GET' | 'POST' | 'PUT', url: string]> = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/audit'],
    ['GET', '/api/admin/settings'],
    ['GET', '/api/admin/circles'],
    ['POST', '/api/admin/events'],
    ['POST', '/api/admin/circles'],
  ];
  it.each(adminOnly)('%s %s: 401 visitor, 403 member and moderator', async (method, url) => {
    expect((await t.api(undefined, method, url)).statusCode).toBe(401);
    expect((await t.api(member, method, url)).statusCode).toBe(403);
    expect((await t.api(moderator, method, url)).statusCode).toBe(403);
  });

  it('lets moderators, not members, read the moderation lists', async () => {
    for (const kind of ['posts', 'comments', 'topics']) {
      expect((await t.api(member, 'GET', `/api/admin/content/${kind}`)).statusCode).toBe(403);
      expect((await t.api(moderator, 'GET', `/api/admin/content/${kind}`)).statusCode).toBe(200);
      expect((await t.api(admin, 'GET', `/api/admin/content/${kind}`)).statusCode).toBe(200);
    }
  });
});

describe('statistics', () => {
  it('counts a known dataset and derives Platform Health with the spec formulas', async () => {
    const before = (await t.api(admin, 'GET', '/api/admin/stats')).json();
    await t.api(member, 'POST', '/api/posts', { title: 'Stats post', content: 'Counting' });
    const after = (await t.api(admin, 'GET', '/api/admin/stats')).json();
    expect(after.totalPosts).toBe(before.totalPosts + 1);
    expect(after.totalUsers).toBe(3);
    expect(after.activeSubscribers).toBe(1);
    expect(after.subscriptionRate).toBe(Math.round((1 / 3) * 100));
    expect(after.engagementScore).toBe(Math.round(((after.totalPosts + after.totalComments) / 3) * 10));
    expect(after.communityActivity).toBe(after.activeCircles + after.upcomingEvents);
  });
});

describe('users', () => {
  it('filter by name and role, newest first', async () => {
    const all = (await t.api(admin, 'GET', '/api/admin/users')).json();
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    const admins = (await t.api(admin, 'GET', '/api/admin/users?role=admin')).json();
    expect(admins.items.map((user: { id: string }) => user.id)).toEqual([admin.id]);
    const found = (
      await t.api(
        admin,
        'GET',
        `/api/admin/users?search=${encodeURIComponent(member.email.split('@')[0]?.slice(0, 12) ?? '')}`,
      )
    ).json();
    expect(found.items.map((user: { id: string }) => user.id)).toContain(member.id);
    const none = (await t.api(admin, 'GET', '/api/admin/users?search=%25%25nobody')).json();
    expect(none.items).toEqual([]);
  });
});

describe('content management', () => {
  it('creates an event members then see, edits and cancels it, all audited', async () => {
    const { circles } = (await t.api(member, 'GET', '/api/circles')).json();
    const circleId = circles[0].id;
    const bad = await t.api(admin, 'POST', '/api/admin/events', {
      circleId,
      title: 'x',
      description: 'y',
      eventDate: inOneWeek(),
      durationMinutes: 60,
      isVirtual: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('A virtual event needs a meeting link starting with https://');

    const createdEvent = await t.api(admin, 'POST', '/api/admin/events', {
      circleId,
      title: 'Solstice Gathering',
      description: 'Celebrate the longest night',
      eventDate: inOneWeek(),
      durationMinutes: 90,
      isVirtual: false,
      location: 'The old oak',
      maxAttendees: 20,
    });
    expect(createdEvent.statusCode).toBe(200);
    const eventId = createdEvent.json().id;
    const seen = (await t.api(member, 'GET', '/api/events')).json().events;
    expect(seen.find((event: { id: string }) => event.id === eventId)).toMatchObject({
      title: 'Solstice Gathering',
      location: 'The old oak',
    });

    expect((await t.api(admin, 'POST', `/api/admin/events/${eventId}/cancel`)).statusCode).toBe(200);
    const after = (await t.api(member, 'GET', '/api/events')).json().events;
    expect(after.find((event: { id: string }) => event.id === eventId)).toBeUndefined();

    const audit = (await t.api(admin, 'GET', '/api/admin/audit')).json();
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['event.create', 'event.cancel']),
    );
  });

  it('refuses a meeting link that is not a whole https:// address, on create and on edit', async () => {
    const { circles } = (await t.api(member, 'GET', '/api/circles')).json();
    const event = (meetingLink: unknown, isVirtual = true) => ({
      circleId: circles[0].id,
      title: 'New moon',
      description: 'Online',
      eventDate: inOneWeek(),
      durationMinutes: 60,
      isVirtual,
      meetingLink,
      location: isVirtual ? null : 'The old oak',
    });
    const created = await t.api(admin, 'POST', '/api/admin/events', event('https://meet.example/new-moon'));
    expect(created.statusCode).toBe(200);
    const eventId = created.json().id;
    for (const meetingLink of [
      'http://meet.example/new-moon',
      'https://meet.example/x\r\nATTENDEE:mailto:mallory@evil.example',
      'https://meet.example/x\nDESCRIPTION:injected',
      'https://meet.example/a b',
      'javascript:alert(1)',
      'meet.example/new-moon',
      'https://',
    ]) {
      for (const isVirtual of [true, false]) {
        for (const [method, url] of [
          ['POST', '/api/admin/events'],
          ['PUT', `/api/admin/events/${eventId}`],
        ] as const) {
          const refused = await t.api(admin, method, url, event(meetingLink, isVirtual));
          expect(refused.statusCode, `${method} ${JSON.stringify(meetingLink)}`).toBe(400);
          expect(refused.json().error.message).toBe('The meeting link must be an https:// address');
        }
      }
    }
    // The link as stored reaches who is going (only attendees see it).
    expect((await t.api(member, 'PUT', `/api/events/${eventId}/rsvp`, { status: 'going' })).statusCode).toBe(200);
    const ics = (await t.api(member, 'GET', `/api/events/${eventId}/calendar.ics`)).body;
    expect(ics).toContain('URL:https://meet.example/new-moon\r\n');
  });

  it('creates and edits circles', async () => {
    const createdCircle = await t.api(admin, 'POST', '/api/admin/circles', {
      name: 'Winter Solstice Circle',
      description: 'Rest together',
      type: 'specialized',
      focusArea: 'Rest',
      maxMembers: 12,
    });
    const circleId = createdCircle.json().id;
    expect(
      (
        await t.api(admin, 'PUT', `/api/admin/circles/${circleId}`, {
          name: 'Winter Circle',
          description: 'Rest together',
          type: 'specialized',
          focusArea: 'Rest',
          maxMembers: 15,
          isActive: false,
        })
      ).statusCode,
    ).toBe(200);
    const list = (await t.api(member, 'GET', '/api/circles')).json().circles;
    expect(list.find((circle: { id: string }) => circle.id === circleId)).toBeUndefined();
    const all = (await t.api(admin, 'GET', '/api/admin/circles')).json().circles;
    expect(all.find((circle: { id: string }) => circle.id === circleId)).toMatchObject({
      name: 'Winter Circle',
      isActive: false,
      maxMembers: 15,
    });
  });
});

describe('events and the members attending them', () => {
  const eventBody = async (changes: Record<string, unknown> = {}) => ({
    circleId: (await t.api(member, 'GET', '/api/circles')).json().circles[0].id,
    title: 'New Moon Circle',
    description: 'Intentions together',
    eventDate: inOneWeek(),
    durationMinutes: 60,
    isVirtual: false,
    location: 'The old oak',
    ...changes,
  });
  const inboxOf = async (who: TestMember) =>
    (await t.api(who, 'GET', '/api/notifications')).json().notifications as Array<{
      type: string;
      title: string;
      message: string;
      read: boolean;
      data: Record<string, unknown>;
    }>;

  it('refuses a start in the past, on create and when moving an event, with a clear message', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const refused = await t.api(admin, 'POST', '/api/admin/events', await eventBody({ eventDate: yesterday }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Choose a time in the future: an event cannot start in the past');

    const body = await eventBody();
    const eventId = (await t.api(admin, 'POST', '/api/admin/events', body)).json().id;
    const moved = await t.api(admin, 'PUT', `/api/admin/events/${eventId}`, { ...body, eventDate: yesterday });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe('Choose a time in the future: an event cannot start in the past');
    const event = (await t.api(member, 'GET', `/api/events/${eventId}`)).json();
    expect(new Date(event.eventDate).toISOString()).toBe(body.eventDate);
  });

  it('tells those going or maybe going of a new time or place, in their own time zone, not of a new description', async () => {
    const [going, maybe, notGoing] = [
      await t.signUpSubscriber(),
      await t.signUpSubscriber(),
      await t.signUpSubscriber(),
    ];
    await t.database.db.update(profiles).set({ timeZone: 'Asia/Tokyo' }).where(eq(profiles.id, going.id));
    const body = await eventBody({ title: `Full Moon Walk ${Date.now()}` });
    const eventId = (await t.api(admin, 'POST', '/api/admin/events', body)).json().id;
    await t.api(going, 'PUT', `/api/events/${eventId}/rsvp`, { status: 'going' });
    await t.api(maybe, 'PUT', `/api/events/${eventId}/rsvp`, { status: 'maybe' });
    await t.api(notGoing, 'PUT', `/api/events/${eventId}/rsvp`, { status: 'not_going' });

    expect(
      (await t.api(admin, 'PUT', `/api/admin/events/${eventId}`, { ...body, description: 'Bring a candle' }))
        .statusCode,
    ).toBe(200);
    expect((await inboxOf(maybe)).filter((n) => n.type === 'event_changed')).toEqual([]);

    const newStart = new Date('2031-03-08T10:00:00Z');
    await t.api(admin, 'PUT', `/api/admin/events/${eventId}`, {
      ...body,
      eventDate: newStart.toISOString(),
      location: 'The river bank',
    });
    const [toGoing] = (await inboxOf(going)).filter((n) => n.type === 'event_changed');
    expect(toGoing).toMatchObject({
      title: 'Event changed',
      message: `"${body.title}" changed: now Saturday, March 8 at 7:00 PM GMT+9 (60 min); now at The river bank`,
      read: false,
      data: { eventId },
    });
    const [toMaybe] = (await inboxOf(maybe)).filter((n) => n.type === 'event_changed');
    expect(toMaybe?.message).toContain('now Saturday, March 8 at 10:00 AM UTC');
    expect((await inboxOf(notGoing)).filter((n) => n.type === 'event_changed')).toEqual([]);
  });

  it('tells those attending once when it is cancelled, and their notification still opens it', async () => {
    const going = await t.signUpSubscriber();
    const body = await eventBody({ title: `Solstice ${Date.now()}` });
    const eventId = (await t.api(admin, 'POST', '/api/admin/events', body)).json().id;
    await t.api(going, 'PUT', `/api/events/${eventId}/rsvp`, { status: 'going' });
    expect((await t.api(admin, 'POST', `/api/admin/events/${eventId}/cancel`)).statusCode).toBe(200);
    expect((await t.api(admin, 'POST', `/api/admin/events/${eventId}/cancel`)).statusCode).toBe(200);
    const cancelled = (await inboxOf(going)).filter((n) => n.type === 'event_cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ title: 'Event cancelled', data: { eventId } });
    expect(cancelled[0]?.message).toMatch(new RegExp(`^"${body.title}" on .+ was cancelled$`));
    // The earlier "You are going" and this one both lead to the event, which says it was cancelled.
    const rsvpNote = (await inboxOf(going)).find((n) => n.type === 'event_rsvp');
    expect(rsvpNote?.data).toEqual({ eventId });
    expect((await t.api(going, 'GET', `/api/events/${eventId}`)).json()).toMatchObject({ isCancelled: true });
  });
});

describe('the audit log', () => {
  it('names what each action touched: the post, the topic, the member, the circle, the event', async () => {
    const author = await t.signUpSubscriber();
    const authorName = (await t.api(author, 'GET', `/api/profiles/${author.id}`)).json().displayName;
    const post = (await t.api(author, 'POST', '/api/posts', { title: 'Audit me', content: 'x' })).json();
    const comment = (await t.api(author, 'POST', `/api/posts/${post.id}/comments`, { content: 'Hi' })).json();
    const categoryId = (await t.api(author, 'GET', '/api/forums/categories')).json().categories[0].id;
    const topic = (
      await t.api(author, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'Lock me', content: 'x' })
    ).json();
    await t.api(moderator, 'PUT', `/api/posts/${post.id}/pin`, { isPinned: true });
    await t.api(moderator, 'DELETE', `/api/comments/${comment.id}`);
    await t.api(moderator, 'PUT', `/api/forums/topics/${topic.id}/lock`, { isLocked: true });
    await t.api(moderator, 'PUT', `/api/forums/topics/${topic.id}/lock`, { isLocked: false });
    await t.api(admin, 'PUT', `/api/users/${author.id}/role`, { role: 'moderator' });
    const circleId = (
      await t.api(admin, 'POST', '/api/admin/circles', {
        name: 'Audit Circle',
        description: 'x',
        type: 'open',
        focusArea: 'x',
        maxMembers: 5,
      })
    ).json().id;
    await t.api(member, 'POST', `/api/circles/${circleId}/join`);
    const request = (await t.api(admin, 'GET', '/api/circles/requests'))
      .json()
      .requests.find((r: { circleId: string }) => r.circleId === circleId);
    await t.api(admin, 'POST', `/api/circles/requests/${request.id}/approve`);
    const memberName = (await t.api(member, 'GET', `/api/profiles/${member.id}`)).json().displayName;
    await t.api(moderator, 'DELETE', `/api/posts/${post.id}`);

    const items = (await t.api(admin, 'GET', '/api/admin/audit')).json().items as Array<{
      action: string;
      targetName: string | null;
      memberName: string | null;
    }>;
    const named = (action: string) =>
      items.filter((item) => item.action === action).map(({ targetName, memberName }) => ({ targetName, memberName }));
    expect(named('post.pin')[0]).toEqual({ targetName: 'Audit me', memberName: null });
    // Deleted since: the title it had is kept.
    expect(named('post.delete')[0]).toEqual({ targetName: 'Audit me', memberName: authorName });
    expect(named('comment.delete')[0]).toEqual({ targetName: null, memberName: authorName });
    expect(named('topic.lock')[0]).toEqual({ targetName: 'Lock me', memberName: null });
    expect(named('topic.unlock')[0]).toEqual({ targetName: 'Lock me', memberName: null });
    expect(named('role.assign')[0]).toEqual({ targetName: authorName, memberName: null });
    expect(named('circle.create')[0]).toEqual({ targetName: 'Audit Circle', memberName: null });
    expect(named('circle.approve')[0]).toEqual({ targetName: 'Audit Circle', memberName });
  });
});

describe('settings', () => {
  it('show the real values of this deployment', async () => {
    const settings = (await t.api(admin, 'GET', '/api/admin/settings')).json();
    expect(settings).toMatchObject({
      version: '1.0.0',
      billingProvider: 'test',
      emailDelivery: 'outbox',
      passwordMinLength: 6,
      emailVerification: 'optional',
    });
    expect(['embedded', 'postgres']).toContain(settings.database);
  });
});
