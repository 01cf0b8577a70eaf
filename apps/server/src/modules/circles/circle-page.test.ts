import {
  CANNOT_REMOVE_SELF,
  CIRCLE_MEMBERS_PAGE_SIZE,
  CIRCLE_NOT_FOUND,
  NO_REQUESTS_TO_SEE,
  NOT_A_CIRCLE_MEMBER,
  NOT_CIRCLE_HOST,
  NOT_IN_CIRCLE,
  ONLY_ADMINS_REMOVE_HOSTS,
  ONLY_ADMINS_SET_HOSTS,
} from '@lunara/shared/circles';
import type { RealtimeEvent } from '@lunara/shared/realtime';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { user } from '../../db/schema/auth.ts';
import { circleEvents, circleMemberships, circles, eventRsvps } from '../../db/schema/circles.ts';
import { conversations } from '../../db/schema/messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { auditLog } from '../../db/schema/operations.ts';

/** A circle as a place (issue 34): its page, chat, members, hosts and requests decided by hosts. */
let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpSubscriber('admin');
});
afterAll(async () => t?.close());

/** The app on a port, once (streams cannot be injected). */
let base: Promise<string> | undefined;
const listening = () => {
  base ??= t.listen();
  return base;
};

type CircleType = 'open' | 'specialized' | 'course_aligned' | 'private';
let made = 0;
async function makeCircle(type: CircleType, maxMembers = 20) {
  const [circle] = await t.database.db
    .insert(circles)
    .values({
      name: `Circle ${type} ${++made} ${Date.now()}`,
      description: 'Inside words',
      type,
      focusArea: 'Moon work',
      maxMembers,
    })
    .returning();
  if (!circle) throw new Error('no circle');
  return circle;
}

const member = () => t.signUpSubscriber();
/** An approved member, whatever the circle's type (as a moderator's approval would leave her). */
async function admit(circleId: string, who: TestMember, role: 'member' | 'host' = 'member') {
  await t.database.db.insert(circleMemberships).values({ circleId, userId: who.id, status: 'approved', role });
}
async function requestToJoin(circleId: string, who: TestMember): Promise<string> {
  expect((await t.api(who, 'POST', `/api/circles/${circleId}/join`)).json().status).toBe('pending');
  const [row] = await t.database.db
    .select({ id: circleMemberships.id })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, who.id)));
  return row?.id ?? '';
}
const detail = async (who: TestMember, circleId: string) => t.api(who, 'GET', `/api/circles/${circleId}`);
const chatOf = async (who: TestMember, circleId: string): Promise<string> => {
  const response = await detail(who, circleId);
  expect(response.statusCode).toBe(200);
  const { conversationId } = response.json();
  expect(conversationId).toEqual(expect.any(String));
  return conversationId;
};
const send = (who: TestMember, conversationId: string, content: string) =>
  t.api(who, 'POST', `/api/conversations/${conversationId}/messages`, { content });
const canOpenChat = async (who: TestMember, conversationId: string) =>
  (await t.api(who, 'GET', `/api/conversations/${conversationId}/messages`)).statusCode;
const refusal = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  (response.json() as { error?: { message?: string } }).error?.message,
];

describe("a circle's page", () => {
  it('shows an outsider of a private circle its name, type and her request only', async () => {
    const circle = await makeCircle('private');
    const host = await member();
    await admit(circle.id, host, 'host');
    const outsider = await member();
    const before = (await detail(outsider, circle.id)).json();
    expect(before).toEqual({
      id: circle.id,
      name: circle.name,
      type: 'private',
      description: null,
      focusArea: null,
      maxMembers: null,
      memberCount: null,
      hosts: [],
      isMember: false,
      myStatus: null,
      myRole: null,
      canSeeInside: false,
      canModerate: false,
      canScheduleEvents: false,
      canAssignHosts: false,
      conversationId: null,
    });
    await requestToJoin(circle.id, outsider);
    const pending = (await detail(outsider, circle.id)).json();
    expect(pending).toMatchObject({ myStatus: 'pending', description: null, hosts: [], conversationId: null });
    expect(JSON.stringify(pending)).not.toContain('Inside words');
    // Inside is refused, with the circle's own 403 (it is listed, so not hidden).
    for (const path of ['members', 'requests']) {
      const response = await t.api(outsider, 'GET', `/api/circles/${circle.id}/${path}`);
      expect(response.statusCode, path).toBe(403);
    }
    expect(refusal(await t.api(outsider, 'GET', `/api/circles/${circle.id}/members`))).toEqual([403, NOT_IN_CIRCLE]);
  });

  it('shows an outsider of an open circle its outside (hosts, count) but not inside; a member all of it', async () => {
    const circle = await makeCircle('open');
    const [host, sister, outsider] = await Promise.all([member(), member(), member()]);
    await admit(circle.id, host, 'host');
    await admit(circle.id, sister);
    const outside = (await detail(outsider, circle.id)).json();
    expect(outside).toMatchObject({
      description: 'Inside words',
      focusArea: 'Moon work',
      maxMembers: 20,
      memberCount: 2,
      hosts: [expect.objectContaining({ userId: host.id })],
      isMember: false,
      canSeeInside: false,
      canModerate: false,
      conversationId: null,
    });
    const inside = (await detail(sister, circle.id)).json();
    expect(inside).toMatchObject({
      isMember: true,
      myStatus: 'approved',
      myRole: 'member',
      canSeeInside: true,
      canModerate: false,
      canScheduleEvents: false,
      canAssignHosts: false,
      conversationId: expect.any(String),
    });
    expect((await detail(host, circle.id)).json()).toMatchObject({
      myRole: 'host',
      canModerate: true,
      canScheduleEvents: true,
      canAssignHosts: false,
    });
  });

  it('shows staff everything but the chat, which is its members alone', async () => {
    const circle = await makeCircle('private');
    const moderator = await t.signUpSubscriber('moderator');
    const sister = await member();
    await admit(circle.id, sister);
    const seen = (await detail(moderator, circle.id)).json();
    expect(seen).toMatchObject({
      description: 'Inside words',
      memberCount: 1,
      isMember: false,
      canSeeInside: true,
      canModerate: true,
      canScheduleEvents: false,
      canAssignHosts: false,
      conversationId: null,
    });
    expect((await detail(admin, circle.id)).json()).toMatchObject({
      canModerate: true,
      canScheduleEvents: true,
      canAssignHosts: true,
      conversationId: null,
    });
    expect((await t.api(moderator, 'GET', `/api/circles/${circle.id}/members`)).statusCode).toBe(200);
  });

  it('is a 404 to members once the circle is archived (staff still see it), and for an unknown circle', async () => {
    const circle = await makeCircle('open');
    const sister = await member();
    await admit(circle.id, sister);
    await t.database.db.update(circles).set({ isActive: false }).where(eq(circles.id, circle.id));
    for (const path of ['', '/members']) {
      expect(refusal(await t.api(sister, 'GET', `/api/circles/${circle.id}${path}`))).toEqual([404, CIRCLE_NOT_FOUND]);
    }
    const archived = (await detail(admin, circle.id)).json();
    expect(archived).toMatchObject({ isMember: false, canSeeInside: true, conversationId: null });
    expect((await detail(sister, '0b6b1c52-77a1-4e0f-9c59-2d9f8f2a1b3c')).statusCode).toBe(404);
    expect((await detail(sister, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe("a circle's chat", () => {
  it('is made once when members first open the page, titled with the circle, with all its members', async () => {
    const circle = await makeCircle('specialized');
    const sisters = await Promise.all([member(), member(), member()]);
    for (const sister of sisters) await admit(circle.id, sister);
    const ids = await Promise.all(sisters.map((sister) => chatOf(sister, circle.id)));
    expect(new Set(ids).size).toBe(1);
    const conversationId = ids[0] ?? '';
    const [stored] = await t.database.db.select().from(circles).where(eq(circles.id, circle.id));
    expect(stored?.conversationId).toBe(conversationId);
    const [a, b, c] = sisters as [TestMember, TestMember, TestMember];
    expect((await send(a, conversationId, 'Hello circle')).statusCode).toBe(201);
    const listed = (await t.api(b, 'GET', '/api/conversations'))
      .json()
      .items.find((item: { id: string }) => item.id === conversationId);
    expect(listed).toMatchObject({ kind: 'group', title: circle.name, memberCount: 3, unreadCount: 1 });
    expect((await t.api(c, 'GET', `/api/conversations/${conversationId}/messages`)).json().items).toHaveLength(1);
    // Staff and outsiders are not in it.
    const outsider = await member();
    expect(await canOpenChat(outsider, conversationId)).toBe(404);
    expect(await canOpenChat(admin, conversationId)).toBe(404);
  });

  it('takes in a member who joins (instantly or approved) and lets go of one who leaves; she comes back on re-joining', async () => {
    const circle = await makeCircle('specialized');
    const first = await member();
    await admit(circle.id, first);
    const conversationId = await chatOf(first, circle.id);
    const joiner = await member();
    expect((await t.api(joiner, 'POST', `/api/circles/${circle.id}/join`)).json().status).toBe('approved');
    expect(await canOpenChat(joiner, conversationId)).toBe(200);
    await send(first, conversationId, 'Welcome');

    expect((await t.api(joiner, 'DELETE', `/api/circles/${circle.id}/membership`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/conversations/${conversationId}`],
      ['GET', `/api/conversations/${conversationId}/messages`],
      ['POST', `/api/conversations/${conversationId}/messages`],
      ['POST', `/api/conversations/${conversationId}/read`],
    ] as const) {
      expect((await t.api(joiner, method, url, { content: 'Still here?' })).statusCode, url).toBe(404);
    }
    const list = (await t.api(joiner, 'GET', '/api/conversations')).json().items;
    expect(list.map((item: { id: string }) => item.id)).not.toContain(conversationId);
    expect(refusal(await t.api(joiner, 'GET', `/api/circles/${circle.id}/members`))).toEqual([403, NOT_IN_CIRCLE]);
    expect((await detail(joiner, circle.id)).json()).toMatchObject({ isMember: false, conversationId: null });

    expect((await t.api(joiner, 'POST', `/api/circles/${circle.id}/join`)).json().status).toBe('approved');
    expect(await canOpenChat(joiner, conversationId)).toBe(200);
    expect((await send(joiner, conversationId, 'Back again')).statusCode).toBe(201);

    // An open circle: approval (by its host) is what takes her in.
    const open = await makeCircle('open');
    const host = await member();
    await admit(open.id, host, 'host');
    const openChat = await chatOf(host, open.id);
    const asker = await member();
    const requestId = await requestToJoin(open.id, asker);
    expect(await canOpenChat(asker, openChat)).toBe(404);
    expect((await t.api(host, 'POST', `/api/circles/requests/${requestId}/approve`)).statusCode).toBe(200);
    expect(await canOpenChat(asker, openChat)).toBe(200);
  });

  it('notifies as Messages do (her switch honoured), live, and a member who leaves hears nothing more', async () => {
    const circle = await makeCircle('specialized');
    const [speaker, listener, quiet] = await Promise.all([member(), member(), member()]);
    for (const sister of [speaker, listener, quiet]) await admit(circle.id, sister);
    const conversationId = await chatOf(speaker, circle.id);
    await t.api(quiet, 'PATCH', '/api/notifications/preferences', { messageNotifications: false });
    const baseUrl = await listening();
    const stream = await openEventStream(baseUrl, listener.cookie);
    try {
      expect((await send(speaker, conversationId, 'Candles at nine')).statusCode).toBe(201);
      await stream.next((e: RealtimeEvent) => e.type === 'message.created', 5_000);
    } finally {
      stream.close();
    }
    const heard = (await t.api(listener, 'GET', '/api/notifications')).json().notifications;
    expect(heard.map((n: { title: string }) => n.title)).toContain(`New messages in ${circle.name}`);
    expect((await t.api(quiet, 'GET', '/api/notifications')).json().notifications).toEqual([]);
    // She leaves: her notice of the chat (its title and the last words) goes, and the next message does
    // not reach her.
    expect((await t.api(listener, 'DELETE', `/api/circles/${circle.id}/membership`)).statusCode).toBe(200);
    const after = (await t.api(listener, 'GET', '/api/notifications')).json();
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.map((n: { title: string }) => n.title)).not.toContain(`New messages in ${circle.name}`);
    await send(speaker, conversationId, 'After she left');
    expect((await t.api(listener, 'GET', '/api/notifications')).json().unreadCount).toBe(0);
  });

  it('holds more members than a pod can (its own capacity governs)', async () => {
    const circle = await makeCircle('specialized', 80);
    const extra = await t.database.db
      .insert(user)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          id: `circle-chat-${made}-${i}`,
          name: `Sister ${i}`,
          email: `circle-chat-${made}-${i}-${Date.now()}@example.com`,
        })),
      )
      .returning({ id: user.id });
    await t.database.db
      .insert(circleMemberships)
      .values(extra.map((row) => ({ circleId: circle.id, userId: row.id, status: 'approved' })));
    const last = await member();
    await admit(circle.id, last);
    const conversationId = await chatOf(last, circle.id);
    const joiner = await member();
    expect((await t.api(joiner, 'POST', `/api/circles/${circle.id}/join`)).statusCode).toBe(200);
    const listed = (await t.api(joiner, 'GET', '/api/conversations'))
      .json()
      .items.find((item: { id: string }) => item.id === conversationId);
    expect(listed?.memberCount).toBe(57);
  });

  it('is renamed with the circle, closed while it is archived and open again with it', async () => {
    const circle = await makeCircle('specialized');
    const [sister, leaver] = await Promise.all([member(), member()]);
    await admit(circle.id, sister);
    await admit(circle.id, leaver);
    const conversationId = await chatOf(sister, circle.id);
    expect((await t.api(leaver, 'DELETE', `/api/circles/${circle.id}/membership`)).statusCode).toBe(200);
    const edit = (name: string, isActive: boolean) =>
      t.api(admin, 'PUT', `/api/admin/circles/${circle.id}`, {
        name,
        description: circle.description,
        type: circle.type,
        focusArea: circle.focusArea,
        maxMembers: circle.maxMembers,
        isActive,
      });
    expect((await edit('Waxing Crescent', true)).statusCode).toBe(200);
    const [conversation] = await t.database.db
      .select({ title: conversations.title })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation?.title).toBe('Waxing Crescent');
    expect((await t.api(sister, 'GET', `/api/conversations/${conversationId}`)).json().title).toBe('Waxing Crescent');

    expect((await edit('Waxing Crescent', false)).statusCode).toBe(200);
    expect(await canOpenChat(sister, conversationId)).toBe(404);
    expect((await send(sister, conversationId, 'Anyone?')).statusCode).toBe(404);
    expect((await edit('Waxing Crescent', true)).statusCode).toBe(200);
    expect(await canOpenChat(sister, conversationId)).toBe(200);
    // Whoever left the circle meanwhile stays out.
    expect(await canOpenChat(leaver, conversationId)).toBe(404);
  });
});

async function circleOnlyEvent(circleId: string) {
  const [event] = await t.database.db
    .insert(circleEvents)
    .values({
      circleId,
      title: 'Inside gathering',
      description: 'Ours',
      eventDate: new Date(Date.now() + 5 * 86_400_000),
      durationMinutes: 60,
      isVirtual: true,
      meetingLink: 'https://meet.example.com/inside',
      visibility: 'circle',
      attendeeCount: 1,
    })
    .returning();
  if (!event) throw new Error('no event');
  return event;
}

describe('removing a member', () => {
  it('by a host: she loses the chat, her answers to circle-only events, and is told; audited', async () => {
    const circle = await makeCircle('specialized');
    const [host, sister, witness] = await Promise.all([member(), member(), member()]);
    await admit(circle.id, host, 'host');
    await admit(circle.id, sister);
    await admit(circle.id, witness);
    const conversationId = await chatOf(sister, circle.id);
    const event = await circleOnlyEvent(circle.id);
    await t.database.db.insert(eventRsvps).values({ eventId: event.id, userId: sister.id, status: 'going' });
    const baseUrl = await listening();
    const stream = await openEventStream(baseUrl, sister.cookie);
    try {
      expect((await t.api(host, 'DELETE', `/api/circles/${circle.id}/members/${sister.id}`)).json()).toEqual({
        ok: true,
      });
      await stream.next(
        (e: RealtimeEvent) => e.type === 'circle.membership-changed' && e.circleId === circle.id,
        5_000,
      );
    } finally {
      stream.close();
    }
    expect(await canOpenChat(sister, conversationId)).toBe(404);
    expect(await canOpenChat(witness, conversationId)).toBe(200);
    expect(refusal(await t.api(sister, 'GET', `/api/circles/${circle.id}/members`))).toEqual([403, NOT_IN_CIRCLE]);
    const answers = await t.database.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, event.id));
    expect(answers).toEqual([]);
    const [after] = await t.database.db.select().from(circleEvents).where(eq(circleEvents.id, event.id));
    expect(after?.attendeeCount).toBe(0);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sister.id), eq(notifications.type, 'circle_declined')));
    expect(note?.message).toBe(`You were removed from ${circle.name}`);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, host.id), eq(auditLog.action, 'circle.remove_member')));
    expect(audited?.details).toMatchObject({ circleId: circle.id, userId: sister.id });
    // Twice: she is no longer there.
    expect(refusal(await t.api(host, 'DELETE', `/api/circles/${circle.id}/members/${sister.id}`))).toEqual([
      404,
      NOT_A_CIRCLE_MEMBER,
    ]);
    // The circle takes members at once, but not her straight back: her request waits for a host.
    const again = await t.api(sister, 'POST', `/api/circles/${circle.id}/join`, {});
    expect(again.json()).toMatchObject({ status: 'pending' });
    expect(refusal(await t.api(sister, 'GET', `/api/circles/${circle.id}/posts`))).toEqual([403, NOT_IN_CIRCLE]);
    const waiting = (await t.api(host, 'GET', `/api/circles/${circle.id}/requests`)).json().requests;
    expect(waiting.map((r: { userId: string }) => r.userId)).toEqual([sister.id]);
  });

  it('is refused to members, to a host of another circle, to a host for another host or herself', async () => {
    const circle = await makeCircle('specialized');
    const other = await makeCircle('specialized');
    const [host, coHost, sister, plain, otherHost] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
    ]);
    await admit(circle.id, host, 'host');
    await admit(circle.id, coHost, 'host');
    await admit(circle.id, sister);
    await admit(circle.id, plain);
    await admit(other.id, otherHost, 'host');
    const remove = (who: TestMember, target: TestMember) =>
      t.api(who, 'DELETE', `/api/circles/${circle.id}/members/${target.id}`);
    expect(refusal(await remove(plain, sister))).toEqual([403, NOT_CIRCLE_HOST]);
    expect(refusal(await remove(otherHost, sister))).toEqual([403, NOT_CIRCLE_HOST]);
    expect(refusal(await remove(host, coHost))).toEqual([403, ONLY_ADMINS_REMOVE_HOSTS]);
    expect(refusal(await remove(host, host))).toEqual([400, CANNOT_REMOVE_SELF]);
    const moderator = await t.signUpSubscriber('moderator');
    expect(refusal(await remove(moderator, coHost))).toEqual([403, ONLY_ADMINS_REMOVE_HOSTS]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.status, 'approved')));
    expect(row?.n).toBe(4);
    // A moderator removes a member; an admin removes a host.
    expect((await remove(moderator, plain)).statusCode).toBe(200);
    expect((await remove(admin, coHost)).statusCode).toBe(200);
    // Leaving as the last host is allowed.
    expect((await t.api(host, 'DELETE', `/api/circles/${circle.id}/membership`)).statusCode).toBe(200);
    expect((await detail(sister, circle.id)).json().hosts).toEqual([]);
  });
});

describe('hosts', () => {
  it('are named by admins only; the member keeps her place in the list; audited', async () => {
    const circle = await makeCircle('specialized');
    const [first, second, pending] = await Promise.all([member(), member(), member()]);
    await admit(circle.id, first);
    await admit(circle.id, second);
    const moderator = await t.signUpSubscriber('moderator');
    const setRole = (who: TestMember, target: TestMember, role: string) =>
      t.api(who, 'PUT', `/api/circles/${circle.id}/members/${target.id}/role`, { role });
    expect(refusal(await setRole(first, second, 'host'))).toEqual([403, ONLY_ADMINS_SET_HOSTS]);
    expect(refusal(await setRole(moderator, second, 'host'))).toEqual([403, ONLY_ADMINS_SET_HOSTS]);
    expect((await setRole(admin, second, 'leader')).statusCode).toBe(400);
    const [before] = await t.database.db
      .select()
      .from(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.userId, second.id)));
    expect((await setRole(admin, second, 'host')).json()).toEqual({ ok: true });
    const [after] = await t.database.db
      .select()
      .from(circleMemberships)
      .where(eq(circleMemberships.id, before?.id ?? ''));
    expect(after?.role).toBe('host');
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
    const members = (await t.api(first, 'GET', `/api/circles/${circle.id}/members`)).json().items;
    expect(members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [second.id, 'host'],
      [first.id, 'member'],
    ]);
    expect(members[0].joinedAt).toBe(before?.updatedAt.toISOString());
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, before?.id ?? ''), eq(auditLog.action, 'circle.set_role')));
    expect(audited?.details).toMatchObject({ role: 'host', userId: second.id });
    // Her page now lets her moderate.
    expect((await detail(second, circle.id)).json()).toMatchObject({ myRole: 'host', canModerate: true });
    // Only an approved member can be a host.
    await t.api(pending, 'POST', `/api/circles/${circle.id}/join`);
    await t.database.db
      .update(circleMemberships)
      .set({ status: 'pending' })
      .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.userId, pending.id)));
    expect(refusal(await setRole(admin, pending, 'host'))).toEqual([404, NOT_A_CIRCLE_MEMBER]);
    // And back to a member.
    expect((await setRole(admin, second, 'member')).statusCode).toBe(200);
    expect((await detail(second, circle.id)).json()).toMatchObject({ myRole: 'member', canModerate: false });
  });

  it('decide their own circle’s requests, and see them; not another circle’s', async () => {
    const mine = await makeCircle('open');
    const theirs = await makeCircle('open');
    const [host, plain] = await Promise.all([member(), member()]);
    await admit(mine.id, host, 'host');
    await admit(mine.id, plain);
    const [a, b] = await Promise.all([member(), member()]);
    const mineRequest = await requestToJoin(mine.id, a);
    const theirRequest = await requestToJoin(theirs.id, b);

    const listed = (await t.api(host, 'GET', '/api/circles/requests')).json().requests;
    expect(listed.map((r: { id: string }) => r.id)).toEqual([mineRequest]);
    const ofCircle = (await t.api(host, 'GET', `/api/circles/${mine.id}/requests`)).json().requests;
    expect(ofCircle.map((r: { id: string }) => r.id)).toEqual([mineRequest]);
    expect(refusal(await t.api(host, 'GET', `/api/circles/${theirs.id}/requests`))).toEqual([403, NOT_CIRCLE_HOST]);
    expect(refusal(await t.api(plain, 'GET', '/api/circles/requests'))).toEqual([403, NO_REQUESTS_TO_SEE]);
    expect(refusal(await t.api(plain, 'GET', `/api/circles/${mine.id}/requests`))).toEqual([403, NOT_CIRCLE_HOST]);
    const moderator = await t.signUpSubscriber('moderator');
    const all = (await t.api(moderator, 'GET', '/api/circles/requests'))
      .json()
      .requests.map((r: { id: string }) => r.id);
    expect(all).toEqual(expect.arrayContaining([mineRequest, theirRequest]));

    expect(refusal(await t.api(host, 'POST', `/api/circles/requests/${theirRequest}/approve`))).toEqual([
      403,
      NOT_CIRCLE_HOST,
    ]);
    expect(refusal(await t.api(plain, 'POST', `/api/circles/requests/${mineRequest}/decline`))).toEqual([
      403,
      NOT_CIRCLE_HOST,
    ]);
    expect((await t.api(host, 'POST', `/api/circles/requests/${mineRequest}/approve`)).statusCode).toBe(200);
    expect((await t.api(host, 'POST', `/api/circles/requests/${mineRequest}/approve`)).statusCode).toBe(404);
    const statuses = await t.database.db
      .select({ id: circleMemberships.id, status: circleMemberships.status })
      .from(circleMemberships)
      .where(eq(circleMemberships.userId, b.id));
    expect(statuses).toEqual([{ id: theirRequest, status: 'pending' }]);
    const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, mineRequest));
    expect(audited).toMatchObject({ actorId: host.id, action: 'circle.approve' });
    // A host of an archived circle sees no requests through it.
    await t.database.db.update(circles).set({ isActive: false }).where(eq(circles.id, mine.id));
    expect(refusal(await t.api(host, 'GET', '/api/circles/requests'))).toEqual([403, NO_REQUESTS_TO_SEE]);
  });

  it('and moderators approving at once never overfill the circle', async () => {
    const circle = await makeCircle('open', 2);
    const host = await member();
    await admit(circle.id, host, 'host');
    const moderator = await t.signUpSubscriber('moderator');
    const askers = await Promise.all([member(), member(), member()]);
    const requests = await Promise.all(askers.map((asker) => requestToJoin(circle.id, asker)));
    const responses = await Promise.all(
      requests.flatMap((id) => [
        t.api(host, 'POST', `/api/circles/requests/${id}/approve`),
        t.api(moderator, 'POST', `/api/circles/requests/${id}/approve`),
      ]),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.every((response) => [200, 404, 409].includes(response.statusCode))).toBe(true);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.status, 'approved')));
    expect(row?.n).toBe(2);
  });
});

describe("a circle's members list", () => {
  it('pages hosts first, then by join time, to members and staff only; forged cursors are a 400', async () => {
    const circle = await makeCircle('specialized', 200);
    const total = CIRCLE_MEMBERS_PAGE_SIZE + 7;
    const ids = await t.database.db
      .insert(user)
      .values(
        Array.from({ length: total }, (_, i) => ({
          id: `circle-page-${made}-${String(i).padStart(3, '0')}`,
          name: `Sister ${i}`,
          email: `circle-page-${made}-${i}-${Date.now()}@example.com`,
        })),
      )
      .returning({ id: user.id });
    // Two share one join time (the keyset's tie-break on the member id), the host joined last.
    const base = Date.now() - 86_400_000;
    await t.database.db.insert(circleMemberships).values(
      ids.map((row, i) => ({
        circleId: circle.id,
        userId: row.id,
        status: 'approved',
        role: i === total - 1 ? 'host' : 'member',
        updatedAt: new Date(base + (i === 1 ? 0 : i) * 1000),
      })),
    );
    const viewer = await member();
    await admit(circle.id, viewer);
    const seen: Array<{ userId: string; role: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/circles/${circle.id}/members${cursor ? `?cursor=${cursor}` : ''}`;
      const page = (await t.api(viewer, 'GET', url)).json();
      expect(page.items.length).toBeLessThanOrEqual(CIRCLE_MEMBERS_PAGE_SIZE);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(total + 1);
    expect(new Set(seen.map((m) => m.userId)).size).toBe(total + 1);
    expect(seen[0]).toMatchObject({ userId: ids[total - 1]?.id, role: 'host' });
    expect(seen.slice(1, 3).map((m) => m.userId)).toEqual([ids[0]?.id, ids[1]?.id]);
    expect(seen.at(-1)?.userId).toBe(viewer.id);

    const forged = Buffer.from(JSON.stringify([true, 'x', "1' or 1=1"])).toString('base64url');
    expect((await t.api(viewer, 'GET', `/api/circles/${circle.id}/members?cursor=${forged}`)).statusCode).toBe(400);
    const outsider = await member();
    expect(refusal(await t.api(outsider, 'GET', `/api/circles/${circle.id}/members`))).toEqual([403, NOT_IN_CIRCLE]);
  });
});
