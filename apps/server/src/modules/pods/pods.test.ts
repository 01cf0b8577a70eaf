import { POD_FULL } from '@lunara/shared/pods';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { conversationMembers } from '../../db/schema/messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { podMemberships, pods } from '../../db/schema/pods.ts';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpSubscriber('admin');
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (who: TestMember | undefined, method: Method, url: string, payload?: unknown) =>
  t.api(who, method, url, payload);

const podBody = (mentorId: string, overrides: Record<string, unknown> = {}) => ({
  name: `Pod ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Walking the moon together',
  focus: 'Cycle practice',
  capacity: 4,
  mentorId,
  isOpen: true,
  ...overrides,
});

async function makePod(mentor: TestMember, overrides: Record<string, unknown> = {}) {
  const response = await api(admin, 'POST', '/api/admin/pods', podBody(mentor.id, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

async function requestAndAccept(podId: string, lead: TestMember, member: TestMember) {
  const asked = await api(member, 'POST', `/api/pods/${podId}/requests`, { note: 'Hello' });
  expect(asked.statusCode, asked.body).toBe(200);
  const accepted = await api(lead, 'POST', `/api/pods/${podId}/requests/${asked.json().membershipId}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

const inGroup = async (conversationId: string) =>
  (
    await t.database.db
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), isNull(conversationMembers.leftAt)))
  )
    .map((row) => row.userId)
    .sort();

const notificationsOf = async (member: TestMember, type: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, type)))
  )[0]?.n ?? 0;

describe('creating pods (admins)', () => {
  it('creates the pod with its mentor inside and a group conversation of the mentor alone', async () => {
    const mentor = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    const [pod] = await t.database.db.select().from(pods).where(eq(pods.id, podId));
    expect(pod?.conversationId).toBeTruthy();
    expect(await inGroup(pod?.conversationId ?? '')).toEqual([mentor.id]);
    const detail = (await api(mentor, 'GET', `/api/pods/${podId}`)).json();
    expect(detail).toMatchObject({ memberCount: 1, capacity: 4, myRole: 'mentor', mentor: { id: mentor.id } });
    expect(detail.inside.canLead).toBe(true);
  });

  it('refuses members, a mentor without community access, capacities outside 2..8, and bad text', async () => {
    const mentor = await t.signUpSubscriber();
    const free = await t.signUp();
    expect((await api(mentor, 'POST', '/api/admin/pods', podBody(mentor.id))).statusCode).toBe(403);
    const noAccess = await api(admin, 'POST', '/api/admin/pods', podBody(free.id));
    expect(noAccess.statusCode).toBe(400);
    expect(noAccess.json().error.message).toMatch(/community/);
    for (const capacity of [1, 9, 2.5]) {
      expect((await api(admin, 'POST', '/api/admin/pods', podBody(mentor.id, { capacity }))).statusCode).toBe(400);
    }
    const blank = await api(admin, 'POST', '/api/admin/pods', podBody(mentor.id, { name: '\u200B ' }));
    expect(blank.json().error.message).toBe('Give the pod a name');
    const [row] = await t.database.db.select({ n: count() }).from(pods).where(eq(pods.mentorId, free.id));
    expect(row?.n).toBe(0);
  });

  it('edits from the version read, changes the mentor, and never lowers capacity below the people in it', async () => {
    const [mentor, next, member, second] = await Promise.all(Array.from({ length: 4 }, () => t.signUpSubscriber()));
    if (!mentor || !next || !member || !second) throw new Error('no members');
    const podId = await makePod(mentor);
    await requestAndAccept(podId, mentor, member);
    await requestAndAccept(podId, mentor, second);
    const body = { ...podBody(mentor.id), version: 1 };
    const tooSmall = await api(admin, 'PUT', `/api/admin/pods/${podId}`, { ...body, capacity: 2 });
    expect(tooSmall.statusCode).toBe(409);
    const changed = await api(admin, 'PUT', `/api/admin/pods/${podId}`, {
      ...body,
      mentorId: next.id,
      name: 'Renamed',
    });
    expect(changed.json()).toEqual({ version: 2 });
    const stale = await api(admin, 'PUT', `/api/admin/pods/${podId}`, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('VERSION_CONFLICT');
    const detail = (await api(next, 'GET', `/api/pods/${podId}`)).json();
    expect(detail.inside.members.map((m: { id: string; role: string }) => [m.id, m.role]).sort()).toEqual(
      [
        [mentor.id, 'member'],
        [member.id, 'member'],
        [second.id, 'member'],
        [next.id, 'mentor'],
      ].sort(),
    );
    expect(await inGroup(detail.inside.conversationId)).toEqual([mentor.id, member.id, second.id, next.id].sort());
    // The former mentor no longer leads.
    expect((await api(mentor, 'GET', `/api/pods/${podId}/requests`)).statusCode).toBe(403);
  });
});

describe('joining and leaving', () => {
  it('takes a request with a note, refuses a double submit, and tells the mentor', async () => {
    const mentor = await t.signUpSubscriber();
    const member = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    expect((await api(member, 'POST', `/api/pods/${podId}/requests`, { note: 'I am new' })).statusCode).toBe(200);
    const again = await api(member, 'POST', `/api/pods/${podId}/requests`, { note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already asked to join this pod');
    expect(await notificationsOf(mentor, 'pod_request')).toBe(1);
    const requests = (await api(mentor, 'GET', `/api/pods/${podId}/requests`)).json().requests;
    expect(requests).toMatchObject([{ id: member.id, note: 'I am new' }]);
    const tooLong = await api(member, 'POST', `/api/pods/${podId}/requests`, { note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers a repeat of the same submit (one idempotency key) with the first answer, making one request', async () => {
    const mentor = await t.signUpSubscriber();
    const member = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    const send = () =>
      t.request({
        method: 'POST',
        url: `/api/pods/${podId}/requests`,
        cookie: member.cookie,
        headers: { 'idempotency-key': 'pod-request-key-0001' },
        payload: { note: 'Once' },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const [row] = await t.database.db
      .select({ n: count() })
      .from(podMemberships)
      .where(and(eq(podMemberships.podId, podId), eq(podMemberships.userId, member.id)));
    expect(row?.n).toBe(1);
    expect(await notificationsOf(mentor, 'pod_request')).toBe(1);
  });

  it('lets only the mentor or an admin see and decide requests; the decision is told and kept in step', async () => {
    const mentor = await t.signUpSubscriber();
    const [a, b, outsider] = await Promise.all([t.signUpSubscriber(), t.signUpSubscriber(), t.signUpSubscriber()]);
    if (!a || !b || !outsider) throw new Error('no members');
    const podId = await makePod(mentor);
    const ra = (await api(a, 'POST', `/api/pods/${podId}/requests`, {})).json().membershipId;
    const rb = (await api(b, 'POST', `/api/pods/${podId}/requests`, {})).json().membershipId;
    expect((await api(outsider, 'GET', `/api/pods/${podId}/requests`)).statusCode).toBe(403);
    expect((await api(a, 'POST', `/api/pods/${podId}/requests/${ra}/accept`)).statusCode).toBe(403);
    expect((await api(mentor, 'POST', `/api/pods/${podId}/requests/${ra}/accept`)).statusCode).toBe(200);
    expect((await api(admin, 'POST', `/api/pods/${podId}/requests/${rb}/decline`)).statusCode).toBe(200);
    expect((await api(mentor, 'POST', `/api/pods/${podId}/requests/${rb}/accept`)).statusCode).toBe(404);
    expect(await notificationsOf(a, 'pod_accepted')).toBe(1);
    expect(await notificationsOf(b, 'pod_declined')).toBe(1);
    const audit = (await api(admin, 'GET', '/api/admin/audit')).json().items;
    const decline = audit.find((entry: { action: string }) => entry.action === 'pod.decline');
    expect(decline).toMatchObject({ targetType: 'pod_membership', memberName: expect.any(String) });
    expect(decline.targetName).toMatch(/^Pod /);
    const pod = (await api(a, 'GET', `/api/pods/${podId}`)).json();
    expect(await inGroup(pod.inside.conversationId)).toEqual([a.id, mentor.id].sort());
    // Only her people read the inside of the pod.
    expect((await api(outsider, 'GET', `/api/pods/${podId}`)).json().inside).toBeNull();
    expect((await api(b, 'GET', `/api/pods/${podId}`)).json()).toMatchObject({ inside: null, myStatus: 'declined' });
    expect((await api(outsider, 'GET', `/api/conversations/${pod.inside.conversationId}`)).statusCode).toBe(404);
    // A request from another pod is not this pod's.
    const otherPod = await makePod(mentor);
    expect((await api(mentor, 'POST', `/api/pods/${otherPod}/requests/${ra}/accept`)).statusCode).toBe(404);
  });

  it('honours her preferences: no decision notification with pod notifications off', async () => {
    const mentor = await t.signUpSubscriber();
    const member = await t.signUpSubscriber();
    await api(member, 'PATCH', '/api/notifications/preferences', { circleNotifications: false });
    const podId = await makePod(mentor);
    await requestAndAccept(podId, mentor, member);
    expect(await notificationsOf(member, 'pod_accepted')).toBe(0);
  });

  it('refuses a full pod, and of two accepts racing for the last place only one passes', async () => {
    const mentor = await t.signUpSubscriber();
    const [a, b, c] = await Promise.all([t.signUpSubscriber(), t.signUpSubscriber(), t.signUpSubscriber()]);
    if (!a || !b || !c) throw new Error('no members');
    const podId = await makePod(mentor, { capacity: 2 });
    const ra = (await api(a, 'POST', `/api/pods/${podId}/requests`, {})).json().membershipId;
    const rb = (await api(b, 'POST', `/api/pods/${podId}/requests`, {})).json().membershipId;
    const results = await Promise.all([
      api(mentor, 'POST', `/api/pods/${podId}/requests/${ra}/accept`),
      api(admin, 'POST', `/api/pods/${podId}/requests/${rb}/accept`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.message).toBe(POD_FULL);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(podMemberships)
      .where(and(eq(podMemberships.podId, podId), eq(podMemberships.status, 'accepted')));
    expect(row?.n).toBe(2);
    const late = await api(c, 'POST', `/api/pods/${podId}/requests`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(POD_FULL);
  });

  it('lets a member leave and the mentor remove; the mentor cannot leave; the conversation follows', async () => {
    const mentor = await t.signUpSubscriber();
    const [a, b] = await Promise.all([t.signUpSubscriber(), t.signUpSubscriber()]);
    if (!a || !b) throw new Error('no members');
    const podId = await makePod(mentor);
    await requestAndAccept(podId, mentor, a);
    await requestAndAccept(podId, mentor, b);
    const conversationId = (await api(a, 'GET', `/api/pods/${podId}`)).json().inside.conversationId;
    const said = await api(a, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Hello pod' });
    expect(said.statusCode, said.body).toBe(201);
    expect((await api(a, 'DELETE', `/api/pods/${podId}/members/${b.id}`)).statusCode).toBe(403);
    expect((await api(mentor, 'DELETE', `/api/pods/${podId}/membership`)).statusCode).toBe(409);
    expect((await api(admin, 'DELETE', `/api/pods/${podId}/members/${mentor.id}`)).statusCode).toBe(409);
    expect((await api(a, 'DELETE', `/api/pods/${podId}/membership`)).statusCode).toBe(200);
    expect((await api(a, 'DELETE', `/api/pods/${podId}/membership`)).statusCode).toBe(404);
    expect((await api(mentor, 'DELETE', `/api/pods/${podId}/members/${b.id}`)).statusCode).toBe(200);
    expect(await notificationsOf(b, 'pod_removed')).toBe(1);
    expect(await inGroup(conversationId)).toEqual([mentor.id]);
    expect((await api(a, 'GET', `/api/conversations/${conversationId}/messages`)).statusCode).toBe(404);
    const history = (await api(mentor, 'GET', `/api/conversations/${conversationId}/messages`)).json();
    expect(JSON.stringify(history)).toContain('Hello pod');
  });

  it('hides a closed pod from outsiders but not from her people or admins', async () => {
    const mentor = await t.signUpSubscriber();
    const outsider = await t.signUpSubscriber();
    const podId = await makePod(mentor, { isOpen: false });
    expect((await api(outsider, 'GET', `/api/pods/${podId}`)).statusCode).toBe(404);
    expect((await api(outsider, 'POST', `/api/pods/${podId}/requests`, {})).statusCode).toBe(404);
    const listed = (await api(outsider, 'GET', '/api/pods')).json().pods.map((pod: { id: string }) => pod.id);
    expect(listed).not.toContain(podId);
    expect((await api(mentor, 'GET', '/api/pods')).json().pods.map((pod: { id: string }) => pod.id)).toContain(podId);
    expect((await api(admin, 'GET', `/api/pods/${podId}`)).json().inside).not.toBeNull();
  });
});

describe('goals and meetings', () => {
  it('lets the mentor add, rename, tick and remove goals, up to the limit; members only read them', async () => {
    const mentor = await t.signUpSubscriber();
    const member = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    await requestAndAccept(podId, mentor, member);
    expect((await api(member, 'POST', `/api/pods/${podId}/goals`, { title: 'Mine' })).statusCode).toBe(403);
    expect((await api(mentor, 'POST', `/api/pods/${podId}/goals`, { title: ' ' })).statusCode).toBe(400);
    const added = (await api(mentor, 'POST', `/api/pods/${podId}/goals`, { title: 'Journal daily' })).json().goals;
    const goalId = added[0].id;
    expect((await api(mentor, 'PATCH', `/api/pods/${podId}/goals/${goalId}`, {})).statusCode).toBe(400);
    const ticked = await api(mentor, 'PATCH', `/api/pods/${podId}/goals/${goalId}`, { isDone: true, title: 'Journal' });
    expect(ticked.json().goals).toEqual([{ id: goalId, title: 'Journal', isDone: true }]);
    expect((await api(member, 'GET', `/api/pods/${podId}`)).json().inside.goals).toHaveLength(1);
    for (let i = 1; i < 20; i++) await api(mentor, 'POST', `/api/pods/${podId}/goals`, { title: `Goal ${i}` });
    expect((await api(admin, 'POST', `/api/pods/${podId}/goals`, { title: 'One more' })).statusCode).toBe(409);
    expect((await api(member, 'DELETE', `/api/pods/${podId}/goals/${goalId}`)).statusCode).toBe(403);
    expect((await api(mentor, 'DELETE', `/api/pods/${podId}/goals/${goalId}`)).json().goals).toHaveLength(19);
    const otherPod = await makePod(mentor);
    expect((await api(mentor, 'DELETE', `/api/pods/${otherPod}/goals/${added[1]?.id ?? goalId}`)).statusCode).toBe(404);
  });

  it('shows a pod meeting to its people alone, never in the events lists', async () => {
    const mentor = await t.signUpSubscriber();
    const member = await t.signUpSubscriber();
    const outsider = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    await requestAndAccept(podId, mentor, member);
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const meeting = {
      title: 'New moon check-in',
      startsAt: soon,
      durationMinutes: 60,
      meetingLink: 'https://meet.example/pod',
    };
    expect((await api(member, 'POST', `/api/pods/${podId}/meetings`, meeting)).statusCode).toBe(403);
    const past = await api(mentor, 'POST', `/api/pods/${podId}/meetings`, {
      ...meeting,
      startsAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const noPlace = await api(mentor, 'POST', `/api/pods/${podId}/meetings`, { ...meeting, meetingLink: null });
    expect(noPlace.statusCode).toBe(400);
    const insecure = await api(mentor, 'POST', `/api/pods/${podId}/meetings`, {
      ...meeting,
      meetingLink: 'http://x.example',
    });
    expect(insecure.statusCode).toBe(400);
    const created = await api(mentor, 'POST', `/api/pods/${podId}/meetings`, meeting);
    expect(created.statusCode, created.body).toBe(200);
    expect(await notificationsOf(member, 'pod_meeting')).toBe(1);
    expect((await api(member, 'GET', `/api/pods/${podId}`)).json().inside.meetings).toMatchObject([
      { title: 'New moon check-in' },
    ]);
    expect((await api(outsider, 'GET', `/api/pods/${podId}`)).json().inside).toBeNull();
    for (const who of [member, outsider]) {
      const events = (await api(who, 'GET', '/api/events?view=all')).json().events;
      expect(JSON.stringify(events)).not.toContain('New moon check-in');
    }
    const cancel = `/api/pods/${podId}/meetings/${created.json().id}/cancel`;
    expect((await api(member, 'POST', cancel)).statusCode).toBe(403);
    expect((await api(mentor, 'POST', cancel)).statusCode).toBe(200);
    expect((await api(member, 'GET', `/api/pods/${podId}`)).json().inside.meetings).toEqual([]);
  });
});

describe('what a probe of the pods found', () => {
  it('keeps a closed pod from a member whose request was declined, in her list and on its page', async () => {
    const mentor = await t.signUpSubscriber();
    const declined = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    const asked = await api(declined, 'POST', `/api/pods/${podId}/requests`, { note: 'Hello' });
    const decline = `/api/pods/${podId}/requests/${asked.json().membershipId}/decline`;
    expect((await api(mentor, 'POST', decline)).statusCode).toBe(200);
    const version = (await api(admin, 'GET', '/api/admin/pods'))
      .json()
      .pods.find((pod: { id: string }) => pod.id === podId).version;
    const closed = await api(admin, 'PUT', `/api/admin/pods/${podId}`, {
      ...podBody(mentor.id),
      isOpen: false,
      version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await api(declined, 'GET', `/api/pods/${podId}`)).statusCode).toBe(404);
    const listed = (await api(declined, 'GET', '/api/pods')).json().pods.map((pod: { id: string }) => pod.id);
    expect(listed).not.toContain(podId);
    // An edit must say whether the pod is open: left out, it is refused rather than reopening the pod.
    const { isOpen: _isOpen, ...withoutOpen } = podBody(mentor.id);
    const silent = await api(admin, 'PUT', `/api/admin/pods/${podId}`, { ...withoutOpen, version: version + 1 });
    expect(silent.statusCode).toBe(400);
  });

  it('lets a member ask at most 10 times an hour, and tells the mentor once a day however often she asks', async () => {
    const mentor = await t.signUpSubscriber();
    const member = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await api(member, 'POST', `/api/pods/${podId}/requests`, { note: 'Again' })).statusCode);
      await api(member, 'DELETE', `/api/pods/${podId}/membership`);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await notificationsOf(mentor, 'pod_request')).toBe(1);
  });

  it('tells nothing of the group or its meetings to a member whose membership lapsed', async () => {
    const mentor = await t.signUpSubscriber();
    const member = await t.signUpSubscriber();
    const podId = await makePod(mentor);
    await requestAndAccept(podId, mentor, member);
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, member.id));
    const [pod] = await t.database.db.select().from(pods).where(eq(pods.id, podId));
    const sent = await api(mentor, 'POST', `/api/conversations/${pod?.conversationId}/messages`, {
      content: 'The plan for Sunday',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const meeting = await api(mentor, 'POST', `/api/pods/${podId}/meetings`, {
      title: 'Check-in',
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      durationMinutes: 60,
      meetingLink: 'https://meet.example/pod',
    });
    expect(meeting.statusCode, meeting.body).toBe(200);
    expect(await notificationsOf(member, 'message')).toBe(0);
    expect(await notificationsOf(member, 'pod_meeting')).toBe(0);
  });
});
