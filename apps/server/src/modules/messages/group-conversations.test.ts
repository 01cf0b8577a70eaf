import { GROUP_MEMBERS_MAX, GROUP_TITLE_REQUIRED, GROUP_TITLE_TOO_LONG } from '@lunara/shared/messages';
import type { RealtimeEvent } from '@lunara/shared/realtime';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp, type TestMember, withSecondProcess } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { profiles } from '../../db/schema/members.ts';
import { notifications } from '../../db/schema/notifications.ts';
import {
  addGroupMember,
  createGroupConversation,
  removeGroupMember,
  renameGroupConversation,
} from './group-conversations.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
afterAll(async () => t?.close());

async function named(name: string): Promise<TestMember> {
  const member = await t.signUpSubscriber();
  await t.database.db.update(profiles).set({ displayName: name }).where(eq(profiles.id, member.id));
  return member;
}

/** What a pod does: the group made in its own transaction. */
const createGroup = (title: string, members: TestMember[], createdBy = members[0]) =>
  t.database.db.transaction((tx) =>
    createGroupConversation(tx, { title, createdBy: createdBy?.id ?? '', memberIds: members.map((m) => m.id) }),
  );
const remove = (id: string, member: TestMember) =>
  t.database.db.transaction((tx) => removeGroupMember(tx, id, member.id));
const add = (id: string, member: TestMember) => t.database.db.transaction((tx) => addGroupMember(tx, id, member.id));

const send = (from: TestMember, id: string, content: string, key?: string) =>
  t.request({
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    cookie: from.cookie,
    payload: { content },
    headers: key ? { 'idempotency-key': key } : {},
  });
const listOf = async (member: TestMember) => (await t.api(member, 'GET', '/api/conversations')).json();
const rowOf = async (member: TestMember, id: string) =>
  (await listOf(member)).items.find((c: { id: string }) => c.id === id);
const is = (type: RealtimeEvent['type']) => (event: RealtimeEvent) => event.type === type;

describe('group conversations', () => {
  it('are listed to their members with title, size and unread count; messages reach every member', async () => {
    const [ana, bea, cleo, eve] = await Promise.all(['Ana G', 'Bea G', 'Cleo G', 'Eve G'].map(named));
    if (!ana || !bea || !cleo || !eve) throw new Error('members');
    const id = await createGroup('  Moon Pod  ', [ana, bea, cleo]);
    // Listed at once, before the first message.
    expect(await rowOf(bea, id)).toMatchObject({
      kind: 'group',
      title: 'Moon Pod',
      otherParticipant: null,
      memberCount: 3,
      participants: expect.arrayContaining([ana.id, bea.id, cleo.id]),
      lastMessageContent: null,
      unreadCount: 0,
    });
    const sent = await send(ana, id, 'Welcome, sisters');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ senderId: ana.id, recipientId: null, sender: { displayName: 'Ana G' } });
    await send(bea, id, 'Thank you');
    for (const member of [ana, bea, cleo]) {
      const thread = (await t.api(member, 'GET', `/api/conversations/${id}/messages`)).json();
      expect(thread.items.map((m: { content: string }) => m.content)).toEqual(['Welcome, sisters', 'Thank you']);
    }
    expect(await rowOf(cleo, id)).toMatchObject({
      lastMessageContent: 'Thank you',
      lastMessageSenderId: bea.id,
      lastMessageSenderName: 'Bea G',
      unreadCount: 2,
    });
    // Her own messages are never unread for her.
    expect((await rowOf(ana, id)).unreadCount).toBe(1);
    expect((await rowOf(bea, id)).unreadCount).toBe(1);
    // Nobody outside it learns it exists.
    expect(await rowOf(eve, id)).toBeUndefined();
    for (const [method, url] of [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/read`],
    ] as const) {
      expect((await t.api(eve, method, url, { content: 'Hi' })).statusCode).toBe(404);
    }
  });

  it('count unread per member, read by each on her own, in the badge total with direct messages', async () => {
    const [ana, bea, cleo] = await Promise.all(['Ana U', 'Bea U', 'Cleo U'].map(named));
    if (!ana || !bea || !cleo) throw new Error('members');
    const id = await createGroup('Unread Pod', [ana, bea, cleo]);
    await send(ana, id, 'One');
    await send(ana, id, 'Two');
    const direct = (await t.api(ana, 'POST', '/api/conversations', { userId: bea.id })).json().conversation.id;
    await send(ana, direct, 'Just you');
    expect((await listOf(bea)).unreadTotal).toBe(3);
    expect((await listOf(cleo)).unreadTotal).toBe(2);
    // The group's messages are one notification per member, counting them.
    const inbox = (await t.api(cleo, 'GET', '/api/notifications')).json();
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.notifications[0]).toMatchObject({
      type: 'message',
      title: 'New messages in Unread Pod',
      message: '2 new messages. Latest, Ana U: Two',
      data: { conversationId: id },
    });
    expect((await t.api(bea, 'POST', `/api/conversations/${id}/read`)).json()).toEqual({ updated: 2 });
    expect((await t.api(bea, 'POST', `/api/conversations/${id}/read`)).json()).toEqual({ updated: 0 });
    expect((await listOf(bea)).unreadTotal).toBe(1);
    expect((await rowOf(bea, id)).unreadCount).toBe(0);
    expect((await listOf(cleo)).unreadTotal).toBe(2);
    // Bea's group notification went read with the conversation; after it, a new message starts a new count.
    expect((await t.api(bea, 'GET', '/api/notifications')).json().notifications[0]).toMatchObject({
      data: { conversationId: direct },
    });
    await send(cleo, id, 'Three');
    // Read from the table: her cached inbox catches up when the change notice arrives, a moment later.
    const ofGroup = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bea.id), sql`${notifications.data}->>'conversationId' = ${id}`));
    expect(ofGroup).toHaveLength(1);
    expect(ofGroup[0]).toMatchObject({ message: 'Cleo U: Three', read: false });
  });

  it('tell every other member in one notice each when several write at once', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => named(`Chorus ${i}`)));
    const [first, second, third] = members;
    if (!first || !second || !third) throw new Error('members');
    const id = await createGroup('Chorus Pod', members);
    // Three senders at once: each notice is written for the whole group in member order, so none
    // deadlocks, and the collapse key keeps one notice a member.
    const sent = await Promise.all([send(first, id, 'A'), send(second, id, 'B'), send(third, id, 'C')]);
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.data}->>'conversationId' = ${id}`);
    const byMember = new Map(notices.map((notice) => [notice.userId, notice]));
    expect(notices).toHaveLength(members.length);
    expect(byMember.size).toBe(members.length);
    // A sender is told of the other two, everyone else of all three.
    for (const member of members) {
      const count = [first, second, third].includes(member) ? 2 : 3;
      expect(byMember.get(member.id)).toMatchObject({ read: false, data: { conversationId: id, count } });
      expect(byMember.get(member.id)?.message).toMatch(
        new RegExp(`^${count} new messages\\. Latest, Chorus \\d: [ABC]$`),
      );
    }
  });

  it('honour each member’s Messages notification preference', async () => {
    const [ana, bea] = await Promise.all(['Ana P', 'Bea P'].map(named));
    if (!ana || !bea) throw new Error('members');
    await t.api(bea, 'PATCH', '/api/notifications/preferences', { messageNotifications: false });
    const id = await createGroup('Quiet Pod', [ana, bea]);
    await send(ana, id, 'Quietly');
    expect((await t.api(bea, 'GET', '/api/notifications')).json().notifications).toEqual([]);
    expect((await rowOf(bea, id)).unreadCount).toBe(1);
  });

  it('shut a removed member out, keep the history for the others, and let her back in', async () => {
    const [ana, bea, cleo] = await Promise.all(['Ana R', 'Bea R', 'Cleo R'].map(named));
    if (!ana || !bea || !cleo) throw new Error('members');
    const id = await createGroup('Leaving Pod', [ana, bea, cleo]);
    await send(bea, id, 'Before I go');
    await remove(id, bea);
    await remove(id, bea);
    for (const [method, url] of [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/read`],
    ] as const) {
      expect((await t.api(bea, method, url, { content: 'Still here?' })).statusCode).toBe(404);
    }
    expect(await rowOf(bea, id)).toBeUndefined();
    // Her unread notification about it went read: it would lead nowhere.
    expect((await t.api(bea, 'GET', '/api/notifications')).json().unreadCount).toBe(0);
    await send(ana, id, 'While she is away');
    expect((await rowOf(cleo, id)).memberCount).toBe(2);
    const history = (await t.api(cleo, 'GET', `/api/conversations/${id}/messages`)).json();
    expect(history.items.map((m: { content: string }) => m.content)).toEqual(['Before I go', 'While she is away']);

    await add(id, bea);
    await add(id, bea);
    expect(await rowOf(bea, id)).toMatchObject({ memberCount: 3, unreadCount: 0 });
    expect((await t.api(bea, 'GET', `/api/conversations/${id}/messages`)).json().items).toHaveLength(2);
    expect((await send(bea, id, 'Back again')).statusCode).toBe(201);
  });

  it('deliver live to every current member, never to one who left', async () => {
    const [ana, bea, cleo, dora] = await Promise.all(['Ana L', 'Bea L', 'Cleo L', 'Dora L'].map(named));
    if (!ana || !bea || !cleo || !dora) throw new Error('members');
    const id = await createGroup('Live Pod', [ana, bea, cleo, dora]);
    await remove(id, dora);
    const streams = await Promise.all([ana, bea, cleo, dora].map((m) => openEventStream(baseUrl, m.cookie)));
    try {
      await Promise.all(streams.map((s) => s.next(is('ready'))));
      const sent = (await send(ana, id, 'Live to all')).json();
      const created = (e: RealtimeEvent) => e.type === 'message.created' && e.messageId === sent.id;
      for (const stream of streams.slice(0, 3))
        expect(await stream.next(created)).toMatchObject({ conversationId: id });
      // A direct message to Dora sent after it: once that arrives, the group's would have too.
      const direct = (await t.api(ana, 'POST', '/api/conversations', { userId: dora.id })).json().conversation.id;
      const marker = (await send(ana, direct, 'Only you')).json();
      const [, , , doraStream] = streams;
      await doraStream?.next((e) => e.type === 'message.created' && e.messageId === marker.id);
      expect(doraStream?.events.some(created)).toBe(false);
      // Membership changes reach the members (and the one it concerns).
      await remove(id, cleo);
      for (const stream of streams.slice(0, 3)) {
        await stream.next((e) => e.type === 'conversation.changed' && e.conversationId === id);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')('deliver across server processes', async () => {
    const [ana, bea] = await Promise.all(['Ana X', 'Bea X'].map(named));
    if (!ana || !bea) throw new Error('members');
    const id = await createGroup('Across Pod', [ana, bea]);
    await withSecondProcess(t, async ({ app }) => {
      const otherUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      const stream = await openEventStream(otherUrl, bea.cookie);
      try {
        await stream.next(is('ready'));
        const sent = (await send(ana, id, 'Across')).json();
        await stream.next((e) => e.type === 'message.created' && e.messageId === sent.id);
      } finally {
        stream.close();
      }
    });
  });

  it('keep the send rules of direct messages: text checks, one message per idempotency key, the rate limit', async () => {
    const [ana, bea] = await Promise.all(['Ana S', 'Bea S'].map(named));
    if (!ana || !bea) throw new Error('members');
    const id = await createGroup('Limits Pod', [ana, bea]);
    const blank = await send(ana, id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Write a message first');
    const key = crypto.randomUUID();
    const first = await send(ana, id, 'Once', key);
    const again = await send(ana, id, 'Once', key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await t.api(bea, 'GET', `/api/conversations/${id}/messages`)).json().items).toHaveLength(1);
    // The same budget as direct messages, 60 sends a minute; the three above counted. The 61st is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 58; i++) statuses.push((await send(ana, id, `Flood ${i}`)).statusCode);
    expect(statuses.slice(0, 57).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the group service (for pods)', () => {
  it('checks titles, kinds and size, and changes nothing when it refuses', async () => {
    const [ana, bea] = await Promise.all(['Ana V', 'Bea V'].map(named));
    if (!ana || !bea) throw new Error('members');
    await expect(createGroup('   ', [ana])).rejects.toMatchObject({ statusCode: 400, message: GROUP_TITLE_REQUIRED });
    await expect(createGroup('x'.repeat(121), [ana])).rejects.toMatchObject({ message: GROUP_TITLE_TOO_LONG });
    const tooMany = Array.from({ length: GROUP_MEMBERS_MAX + 1 }, (_, i) => ({ ...ana, id: `${ana.id}-${i}` }));
    await expect(createGroup('Crowd', tooMany)).rejects.toMatchObject({ statusCode: 400 });
    expect((await listOf(ana)).items).toEqual([]);

    const direct = (await t.api(ana, 'POST', '/api/conversations', { userId: bea.id })).json().conversation.id;
    await expect(add(direct, bea)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      t.database.db.transaction((tx) => renameGroupConversation(tx, direct, 'Not a group')),
    ).rejects.toMatchObject({ statusCode: 404 });

    const id = await createGroup('Old name', [ana, bea]);
    await t.database.db.transaction((tx) => renameGroupConversation(tx, id, ' New name '));
    expect((await t.api(bea, 'GET', `/api/conversations/${id}`)).json()).toMatchObject({ title: 'New name' });
  });

  it('the database refuses a group message with a recipient and a direct one without', async () => {
    const [ana, bea] = await Promise.all(['Ana D', 'Bea D'].map(named));
    if (!ana || !bea) throw new Error('members');
    const id = await createGroup('Checked Pod', [ana, bea]);
    const direct = (await t.api(ana, 'POST', '/api/conversations', { userId: bea.id })).json().conversation.id;
    const insert = (conversationId: string, kind: string, recipient: string | null) =>
      t.database.db.execute(
        sql`insert into messages (conversation_id, conversation_kind, sender_id, recipient_id, content)
            values (${conversationId}, ${kind}, ${ana.id}, ${recipient}, 'x')`,
      );
    await expect(insert(id, 'group', bea.id)).rejects.toThrow();
    await expect(insert(direct, 'direct', null)).rejects.toThrow();
    // Claiming the other kind does not get round it: the kind must be the conversation's.
    await expect(insert(id, 'direct', bea.id)).rejects.toThrow();
  });
});
