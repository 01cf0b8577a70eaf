import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
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
