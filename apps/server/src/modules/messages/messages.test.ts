import { MESSAGE_MAX, NO_SELF_MESSAGES, RECIPIENT_CANNOT_USE_MESSAGES } from '@lunara/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { profiles } from '../../db/schema/members.ts';
import { conversations } from '../../db/schema/messages.ts';
import { type SubscriptionInput, upsertSubscription } from '../billing/subscription-service.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { orderedPair } from './conversation-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function rename(member: TestMember, name: string): Promise<TestMember> {
  await t.database.db.update(profiles).set({ displayName: name }).where(eq(profiles.id, member.id));
  return member;
}

const named = async (name: string) => rename(await t.signUpSubscriber(), name);

const DAY_MS = 86_400_000;

/** A free member given a membership in this state, as the provider would report it. */
async function withSubscription(
  state: Pick<SubscriptionInput, 'provider' | 'status' | 'cancelAtPeriodEnd'> & { periodEndsInDays: number },
): Promise<TestMember> {
  const member = await t.signUp();
  await upsertSubscription(t.database.db, {
    userId: member.id,
    provider: state.provider,
    providerSubscriptionId: `sub_reach_${member.id}`,
    providerCustomerId: `cus_reach_${member.id}`,
    status: state.status,
    priceId: null,
    productId: 'prod_test',
    currentPeriodEnd: new Date(Date.now() + state.periodEndsInDays * DAY_MS),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  });
  return member;
}

async function staff(role: 'moderator' | 'admin'): Promise<TestMember> {
  const member = await t.signUp();
  await grantRoleByEmail(t.database.db, member.email, role);
  return member;
}

async function start(from: TestMember, to: TestMember) {
  const response = await t.api(from, 'POST', '/api/conversations', { userId: to.id });
  return { status: response.statusCode, body: response.json() };
}

const send = (from: TestMember, conversationId: string, content: string) =>
  t.api(from, 'POST', `/api/conversations/${conversationId}/messages`, { content });

describe('messages: who may use them', () => {
  it('need a session and a membership', async () => {
    const free = await t.signUp();
    for (const url of ['/api/conversations', '/api/members/search?q=a']) {
      expect((await t.api(undefined, 'GET', url)).statusCode).toBe(401);
      expect((await t.api(free, 'GET', url)).statusCode).toBe(403);
    }
    expect((await t.api(free, 'POST', '/api/conversations', { userId: free.id })).statusCode).toBe(403);
  });

  it('keep every conversation to its two members', async () => {
    const ana = await named('Ana Test');
    const bea = await named('Bea Test');
    const eve = await named('Eve Outsider');
    const { body } = await start(ana, bea);
    const id = body.conversation.id;
    expect((await send(ana, id, 'Just for Bea')).statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/read`],
    ] as const) {
      const response = await t.api(eve, method, url, { content: 'Let me in' });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.message).toBe('This conversation does not exist');
    }
    expect((await t.api(eve, 'GET', '/api/conversations')).json().items).toEqual([]);
    // Nothing Eve tried was stored, and Bea's message is still unread.
    const thread = (await t.api(bea, 'GET', `/api/conversations/${id}/messages`)).json();
    expect(thread.items.map((m: { content: string }) => m.content)).toEqual(['Just for Bea']);
    expect(thread.items[0].isRead).toBe(false);
  });
});

describe('messages: only with members who can use them', () => {
  it('search offers exactly the members the Messages guard lets in', async () => {
    const searcher = await named('Searcher Reach');
    const kinds: Record<string, { member: TestMember; canUse: boolean }> = {
      subscriber: { member: await t.signUpSubscriber(), canUse: true },
      'moderator without a membership': { member: await staff('moderator'), canUse: true },
      'admin without a membership': { member: await staff('admin'), canUse: true },
      'past due': {
        member: await withSubscription({
          provider: 'stripe',
          status: 'past_due',
          cancelAtPeriodEnd: false,
          periodEndsInDays: 3,
        }),
        canUse: true,
      },
      'test membership due to renew': {
        member: await withSubscription({
          provider: 'test',
          status: 'active',
          cancelAtPeriodEnd: false,
          periodEndsInDays: -1,
        }),
        canUse: true,
      },
      free: { member: await t.signUp(), canUse: false },
      canceled: {
        member: await withSubscription({
          provider: 'stripe',
          status: 'canceled',
          cancelAtPeriodEnd: false,
          periodEndsInDays: 3,
        }),
        canUse: false,
      },
      'test membership over, cancelled at its end': {
        member: await withSubscription({
          provider: 'test',
          status: 'active',
          cancelAtPeriodEnd: true,
          periodEndsInDays: -1,
        }),
        canUse: false,
      },
    };
    for (const [kind, { member }] of Object.entries(kinds)) await rename(member, `Reachable ${kind}`);
    // Searched before the guard is asked: its read settles the test memberships that are due.
    const found = (await t.api(searcher, 'GET', '/api/members/search?q=reachable')).json().members as Array<{
      id: string;
    }>;
    const offered = new Set(found.map((member) => member.id));
    for (const [kind, { member, canUse }] of Object.entries(kinds)) {
      const guard = (await t.api(member, 'GET', '/api/conversations')).statusCode;
      expect(guard, kind).toBe(canUse ? 200 : 403);
      expect(offered.has(member.id), kind).toBe(canUse);
    }
  });

  it('refuses a conversation, or a message, to a member who cannot use Messages, saying why', async () => {
    const ana = await named('Ana Reach');
    const fern = await rename(await t.signUp(), 'Fern Free');
    const refused = await start(ana, fern);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(RECIPIENT_CANNOT_USE_MESSAGES);
    const [a, b] = orderedPair(ana.id, fern.id);
    const pair = and(eq(conversations.participantA, a), eq(conversations.participantB, b));
    expect(await t.database.db.select().from(conversations).where(pair)).toEqual([]);

    // Bea's membership ends after they started talking: the conversation stays, but she cannot be written to.
    const bea = await named('Bea Reach');
    const id = (await start(ana, bea)).body.conversation.id;
    expect((await send(ana, id, 'Before')).statusCode).toBe(201);
    const [membership] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, bea.id));
    if (!membership) throw new Error('Bea has no membership');
    await upsertSubscription(t.database.db, { ...membership, provider: 'test', status: 'canceled' });
    const after = await send(ana, id, 'After');
    expect(after.statusCode).toBe(403);
    expect(after.json().error.message).toBe(RECIPIENT_CANNOT_USE_MESSAGES);
    const again = await start(ana, bea);
    expect(again.status).toBe(403);
    const thread = (await t.api(ana, 'GET', `/api/conversations/${id}/messages`)).json();
    expect(thread.items.map((m: { content: string }) => m.content)).toEqual(['Before']);
  });
});

describe('member search', () => {
  it('finds by a case-insensitive part of the name, never herself, at most 10, nothing for blank', async () => {
    const searcher = await named('Zelda Moonseeker');
    for (let i = 0; i < 12; i++) await named(`Moonseeker Sister ${String(i).padStart(2, '0')}`);
    await named('100% Moonseeker_');
    const search = async (q: string) =>
      (await t.api(searcher, 'GET', `/api/members/search?q=${encodeURIComponent(q)}`)).json().members as Array<{
        id: string;
        displayName: string;
      }>;
    const found = await search('mOoNsEeKeR');
    expect(found).toHaveLength(10);
    expect(found.map((m) => m.id)).not.toContain(searcher.id);
    expect(found[0]?.displayName).toBe('100% Moonseeker_');
    expect(await search('   ')).toEqual([]);
    expect(await search('')).toEqual([]);
    // % and _ are characters, not wildcards.
    expect((await search('0% m')).map((m) => m.displayName)).toEqual(['100% Moonseeker_']);
    expect(await search('sister_0')).toEqual([]);
    const tooLong = await t.api(searcher, 'GET', `/api/members/search?q=${'a'.repeat(81)}`);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('conversations', () => {
  it('one per pair, whoever starts it and however often', async () => {
    const ana = await named('Ana Pair');
    const bea = await named('Bea Pair');
    const first = await start(ana, bea);
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    expect(first.body.conversation.otherParticipant).toMatchObject({ id: bea.id, displayName: 'Bea Pair' });
    const again = await start(ana, bea);
    expect(again.status).toBe(200);
    expect(again.body.conversation.id).toBe(first.body.conversation.id);
    const fromBea = await start(bea, ana);
    expect(fromBea.body.conversation.id).toBe(first.body.conversation.id);
    expect(fromBea.body.conversation.otherParticipant.id).toBe(ana.id);
  });

  it('started at the same moment from both sides is still one', async () => {
    const ana = await named('Ana Race');
    const bea = await named('Bea Race');
    const results = await Promise.all([start(ana, bea), start(bea, ana), start(ana, bea), start(bea, ana)]);
    expect(new Set(results.map((r) => r.body.conversation.id)).size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('refuses herself and unknown members', async () => {
    const ana = await named('Ana Alone');
    const self = await start(ana, ana);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(NO_SELF_MESSAGES);
    const unknown = await start(ana, { ...ana, id: 'no-such-member' });
    expect(unknown.status).toBe(404);
    expect((await t.api(ana, 'POST', '/api/conversations', {})).statusCode).toBe(400);
  });

  it('list newest activity first with the other member, the preview and the unread count', async () => {
    const me = await named('Mira List');
    const one = await named('One List');
    const two = await named('Two List');
    const a = (await start(one, me)).body.conversation.id;
    const b = (await start(two, me)).body.conversation.id;
    // Not in Mira's list until someone writes in it.
    expect((await t.api(me, 'GET', '/api/conversations')).json().items).toEqual([]);
    await send(one, a, 'Hello from one');
    await send(two, b, 'Hello from two');
    await send(two, b, 'And again');
    let list = (await t.api(me, 'GET', '/api/conversations')).json();
    expect(list.unreadTotal).toBe(3);
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([b, a]);
    expect(list.items[0]).toMatchObject({
      otherParticipant: { id: two.id, displayName: 'Two List' },
      lastMessageContent: 'And again',
      unreadCount: 2,
    });
    await send(one, a, 'Newest now');
    list = (await t.api(me, 'GET', '/api/conversations')).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([a, b]);
    // The starter sees her empty conversation at once.
    const empty = (await start(me, await named('Quiet List'))).body.conversation.id;
    expect((await t.api(me, 'GET', '/api/conversations')).json().items[0].id).toBe(empty);
  });

  it('page by last activity without losing or repeating one', async () => {
    const me = await named('Mira Pages');
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const other = await named(`Pager ${i}`);
      const id = (await start(other, me)).body.conversation.id;
      await send(other, id, `Message ${i}`);
      ids.push(id);
    }
    // Ties on the activity time are broken by id.
    await t.database.db.execute(sql`update conversations set last_message_at = now() where id in ${ids.slice(0, 5)}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await t.api(me, 'GET', `/api/conversations${cursor ? `?cursor=${cursor}` : ''}`)).json() as {
        items: Array<{ id: string }>;
        nextCursor: string | null;
      };
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect((await t.api(me, 'GET', '/api/conversations?cursor=forged')).statusCode).toBe(400);
  });
});

describe('sending and reading', () => {
  it('checks the text: blank, too long, kept exactly otherwise', async () => {
    const ana = await named('Ana Send');
    const bea = await named('Bea Send');
    const id = (await start(ana, bea)).body.conversation.id;
    const blank = await send(ana, id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Write a message first');
    const long = await send(ana, id, 'x'.repeat(MESSAGE_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('A message must be at most 2,000 characters');
    const text = 'Line one\nLine two 🌙 <b>not bold</b> مرحبا';
    const sent = await send(ana, id, text);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ content: text, senderId: ana.id, recipientId: bea.id, isRead: false });
    const thread = (await t.api(bea, 'GET', `/api/conversations/${id}/messages`)).json();
    expect(thread.items.map((m: { content: string }) => m.content)).toEqual([text]);
  });

  it('pages a long thread back in time, oldest first within a page', async () => {
    const ana = await named('Ana Thread');
    const bea = await named('Bea Thread');
    const id = (await start(ana, bea)).body.conversation.id;
    await t.database.db.execute(
      sql`insert into messages (conversation_id, sender_id, recipient_id, content, created_at)
          select ${id}, ${ana.id}, ${bea.id}, 'Message ' || n, now() - (120 - n) * interval '1 millisecond' / 1000
          from generate_series(1, 120) n`,
    );
    const contents: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = (
        await t.api(bea, 'GET', `/api/conversations/${id}/messages${cursor ? `?cursor=${cursor}` : ''}`)
      ).json() as { items: Array<{ content: string }>; nextCursor: string | null };
      contents.unshift(...page.items.map((m) => m.content));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(contents).toEqual(Array.from({ length: 120 }, (_, i) => `Message ${i + 1}`));
  });

  it('opening marks only her incoming messages read, and the message notifications with them', async () => {
    const ana = await named('Ana Read');
    const bea = await named('Bea Read');
    const id = (await start(ana, bea)).body.conversation.id;
    await send(ana, id, 'One');
    await send(ana, id, 'Two');
    await send(bea, id, 'Reply');
    const inbox = (await t.api(bea, 'GET', '/api/notifications')).json();
    expect(inbox.unreadCount).toBe(2);
    expect(inbox.notifications[0]).toMatchObject({
      type: 'message',
      title: 'New message from Ana Read',
      message: 'Two',
      data: { conversationId: id },
    });
    expect((await t.api(bea, 'POST', `/api/conversations/${id}/read`)).json()).toEqual({ updated: 2 });
    expect((await t.api(bea, 'GET', '/api/notifications')).json().unreadCount).toBe(0);
    expect((await t.api(bea, 'GET', '/api/conversations')).json().unreadTotal).toBe(0);
    // Ana's incoming reply is untouched by Bea reading.
    expect((await t.api(ana, 'GET', '/api/conversations')).json().unreadTotal).toBe(1);
    expect((await t.api(bea, 'POST', `/api/conversations/${id}/read`)).json()).toEqual({ updated: 0 });
  });

  it('honours the recipient’s Messages preference for notifications, not for the message', async () => {
    const ana = await named('Ana Prefs');
    const bea = await named('Bea Prefs');
    await t.api(bea, 'PATCH', '/api/notifications/preferences', { messageNotifications: false });
    const id = (await start(ana, bea)).body.conversation.id;
    await send(ana, id, 'Quietly');
    expect((await t.api(bea, 'GET', '/api/notifications')).json().notifications).toEqual([]);
    expect((await t.api(bea, 'GET', '/api/conversations')).json().unreadTotal).toBe(1);
    // Nobody is notified of her own message.
    expect((await t.api(ana, 'GET', '/api/notifications')).json().notifications).toEqual([]);
  });

  it('a send that fails halfway leaves nothing behind', async () => {
    const ana = await named('Ana Atomic');
    const bea = await named('Bea Atomic');
    const id = (await start(ana, bea)).body.conversation.id;
    const [before] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
    // A fault after the message row is written: the notification insert fails.
    await t.database.db.execute(
      sql.raw(`create function fail_for_bea() returns trigger language plpgsql as $$
               begin raise exception 'disk full'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger fail_for_bea before insert on notifications
               for each row when (new.user_id = '${bea.id}') execute function fail_for_bea()`),
    );
    try {
      const failed = await send(ana, id, 'Will this arrive?');
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.message).not.toContain('disk full');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_for_bea on notifications'));
      await t.database.db.execute(sql.raw('drop function fail_for_bea()'));
    }
    expect((await t.api(bea, 'GET', `/api/conversations/${id}/messages`)).json().items).toEqual([]);
    const [after] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(after?.lastMessageAt).toEqual(before?.lastMessageAt);
    expect((await send(ana, id, 'Will this arrive?')).statusCode).toBe(201);
  });
});
