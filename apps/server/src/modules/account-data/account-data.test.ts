import {
  DELETE_BILLING_FAILED,
  DELETE_LAST_ADMIN,
  DELETE_WRONG_PASSWORD,
  EXPORT_DAILY_LIMIT,
  EXPORT_IN_PROGRESS,
  FORMER_MEMBER_NAME,
} from '@lunara/shared/account-data';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { dataExports, formerMembers } from '../../db/schema/account-data.ts';
import { user } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { forumCategories } from '../../db/schema/forums.ts';
import { mediaDeletions } from '../../db/schema/media.ts';
import { profiles, userRoles } from '../../db/schema/members.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { processNextExport } from './export-service.ts';

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.database.db.select().from(forumCategories).where(eq(forumCategories.slug, 'moon-wisdom'));
  categoryId = category?.id ?? '';
});
afterAll(async () => t?.close());

let n = 0;
async function member(name: string, t_ = () => t): Promise<TestMember & { name: string }> {
  const m = await t_().signUpSubscriber();
  const displayName = `${name} Datatest ${n++}`;
  await t_().database.db.update(profiles).set({ displayName }).where(eq(profiles.id, m.id));
  return { ...m, name: displayName };
}
const post = async (who: TestMember, title: string) => {
  const response = await t.api(who, 'POST', '/api/posts', { title, content: `${title} body`, category: 'general' });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const comment = async (who: TestMember, postId: string, content: string) => {
  const response = await t.api(who, 'POST', `/api/posts/${postId}/comments`, { content });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const topic = async (who: TestMember, title: string) => {
  const response = await t.api(who, 'POST', `/api/forums/categories/${categoryId}/topics`, { title, content: 'Moon?' });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const reply = async (who: TestMember, topicId: string, content: string) => {
  const response = await t.api(who, 'POST', `/api/forums/topics/${topicId}/replies`, { content });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
async function converse(from: TestMember, to: TestMember, content: string) {
  const started = await t.api(from, 'POST', '/api/conversations', { userId: to.id });
  const conversationId = started.json().conversation.id as string;
  const sent = await t.api(from, 'POST', `/api/conversations/${conversationId}/messages`, { content });
  expect(sent.statusCode).toBe(201);
  return conversationId;
}
const exportNow = () => processNextExport(t.database.db, t.app.mediaStorage);
const deleteAccount = (who: TestMember, body: Record<string, unknown>) =>
  t.api(who, 'POST', '/api/account/delete', {
    password: who.password,
    confirmation: 'DELETE',
    keepContent: true,
    ...body,
  });

async function download(who: TestMember | undefined, url: string) {
  return t.request({ method: 'GET', url, cookie: who?.cookie });
}

describe('export my data', () => {
  it('prepares a zip of her own data only, downloads for her alone, notifies her', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const postId = await post(ana, 'Ana full moon');
    await comment(ana, postId, 'Ana comment');
    await comment(bea, postId, 'Bea comment on Ana');
    await post(bea, 'Bea private post');
    const topicId = await topic(ana, 'Ana topic');
    await reply(bea, topicId, 'Bea reply');
    await reply(ana, topicId, 'Ana reply');
    await converse(ana, bea, 'Hello Bea');
    const conversationId = await converse(bea, ana, 'Hello Ana from Bea');
    await converse(bea, await member('Cat'), 'Bea to Cat, not Ana');
    const [ritual] = await t.database.db.select().from(rituals).limit(1);
    await t.database.db.insert(dailyRituals).values({
      userId: ana.id,
      ritualId: ritual?.id ?? '',
      moonPhase: 'full_moon',
      localDate: '2026-01-02',
      notes: 'Ana private note',
    });

    const state = await t.api(ana, 'GET', '/api/account/export');
    expect(state.json()).toEqual({ latest: null, remainingToday: 3 });
    const requested = await t.api(ana, 'POST', '/api/account/export');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({ status: 'pending', downloadUrl: null });
    // One at a time.
    const again = await t.api(ana, 'POST', '/api/account/export');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(EXPORT_IN_PROGRESS);

    while (await exportNow()) {
      // Drain the queue (other tests' exports too).
    }
    const ready = (await t.api(ana, 'GET', '/api/account/export')).json();
    expect(ready.latest).toMatchObject({ status: 'ready', id: requested.json().id });
    expect(ready.remainingToday).toBe(2);
    const url = ready.latest.downloadUrl as string;
    expect(url).toBe(`/api/account/exports/${ready.latest.id}/download`);
    const notified = (await t.api(ana, 'GET', '/api/notifications')).json().notifications as { type: string }[];
    expect(notified.some((x) => x.type === 'data_export_ready')).toBe(true);

    // Bea, a visitor and an unknown id: 404 / 401, never the file.
    expect((await download(bea, url)).statusCode).toBe(404);
    expect((await download(undefined, url)).statusCode).toBe(401);
    expect((await download(ana, '/api/account/exports/00000000-0000-4000-8000-000000000000/download')).statusCode).toBe(
      404,
    );
    expect((await download(ana, '/api/account/exports/not-a-uuid/download')).statusCode).toBe(400);

    const file = await download(ana, url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="lunara-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(file.rawPayload));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[`${name}.json`]));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'posts.json', 'messages.json', 'billing.json']),
    );
    expect(json('profile').account.email).toBe(ana.email);
    expect(json('posts').map((p: { title: string }) => p.title)).toEqual(['Ana full moon']);
    expect(json('comments').map((c: { content: string }) => c.content)).toEqual(['Ana comment']);
    expect(json('forum-topics').map((x: { title: string }) => x.title)).toEqual(['Ana topic']);
    expect(json('forum-replies').map((x: { content: string }) => x.content)).toEqual(['Ana reply']);
    expect(json('ritual-completions')[0].notes).toBe('Ana private note');
    expect(json('billing').subscriptions[0]).toMatchObject({ provider: 'test', status: 'active' });
    const conversations = json('messages') as {
      conversation_id: string;
      messages: { from: string; content: string }[];
    }[];
    const withBea = conversations.find((c) => c.conversation_id === conversationId);
    expect(withBea?.messages.map((m) => m.content)).toEqual(['Hello Bea', 'Hello Ana from Bea']);
    expect(withBea?.messages[1]?.from).toBe(bea.name);
    // Nothing of other members beyond their names: not Bea's post, her email or id, not Bea's talk with Cat.
    const everything = Object.values(files)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(everything).not.toContain('Bea private post');
    expect(everything).not.toContain('Bea to Cat');
    expect(everything).not.toContain(bea.email);
    expect(everything).not.toContain(bea.id);
    expect(everything).not.toMatch(/password|session_token|secret/i);
  });

  it('limits exports to a few a day, and an expired one no longer downloads', async () => {
    const ana = await member('Ana');
    let lastId = '';
    for (let i = 0; i < 3; i++) {
      const requested = await t.api(ana, 'POST', '/api/account/export');
      expect(requested.statusCode).toBe(200);
      lastId = requested.json().id;
      while (await exportNow()) {}
    }
    const fourth = await t.api(ana, 'POST', '/api/account/export');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(EXPORT_DAILY_LIMIT);
    expect((await t.api(ana, 'GET', '/api/account/export')).json().remainingToday).toBe(0);

    const url = `/api/account/exports/${lastId}/download`;
    expect((await download(ana, url)).statusCode).toBe(200);
    await t.database.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.id, lastId));
    expect((await download(ana, url)).statusCode).toBe(404);
    expect((await t.api(ana, 'GET', '/api/account/export')).json().latest).toBeNull();
    // The job deletes expired rows and queues their files.
    const { deleteExpiredExports } = await import('./export-service.ts');
    expect(await deleteExpiredExports(t.database.db)).toBeGreaterThanOrEqual(1);
    const queued = await t.database.db.select().from(mediaDeletions).where(eq(mediaDeletions.mediaId, lastId));
    expect(queued).toHaveLength(1);
  });

  it('two requests at once make one export', async () => {
    const ana = await member('Ana');
    const answers = await Promise.all([1, 2, 3].map(() => t.api(ana, 'POST', '/api/account/export')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db.select().from(dataExports).where(eq(dataExports.userId, ana.id));
    expect(rows).toHaveLength(1);
  });
});

async function exists(id: string) {
  return (await t.database.db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;
}

describe('delete my account', () => {
  it('keeping her posts: they and her messages stay as "Former member"; she can no longer sign in', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const postId = await post(ana, 'Kept post');
    await comment(ana, postId, 'Kept comment');
    const topicId = await topic(ana, 'Kept topic');
    await reply(ana, topicId, 'Kept reply');
    const conversationId = await converse(ana, bea, 'Ana to Bea');

    const wrong = await deleteAccount(ana, { password: 'not-her-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(DELETE_WRONG_PASSWORD);
    expect(await exists(ana.id)).toBe(true);
    const unconfirmed = await deleteAccount(ana, { confirmation: 'delete' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(await exists(ana.id)).toBe(true);

    const deleted = await deleteAccount(ana, { keepContent: true });
    expect(deleted.statusCode).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toMatch(/session_token=; Max-Age=0/);
    expect(await exists(ana.id)).toBe(false);
    // Her session is over, and her address finds no account.
    expect((await t.api(ana, 'GET', '/api/me')).json()).toEqual({ user: null });
    expect((await t.api(ana, 'GET', '/api/account/export')).statusCode).toBe(401);
    expect((await t.signIn(ana.email, ana.password)).statusCode).toBe(401);

    const kept = (await t.api(bea, 'GET', `/api/posts/${postId}`)).json();
    expect(kept.author.displayName).toBe(FORMER_MEMBER_NAME);
    expect(kept.author.avatarUrl).toBeNull();
    const tombId = kept.author.id as string;
    expect(tombId).not.toBe(ana.id);
    const [tomb] = await t.database.db.select().from(user).where(eq(user.id, tombId));
    expect(tomb?.email).toMatch(/^former-[0-9a-f-]{36}@deleted\.invalid$/);
    const comments = (await t.api(bea, 'GET', `/api/posts/${postId}/comments`)).json().items;
    expect(comments[0].author.displayName).toBe(FORMER_MEMBER_NAME);
    const replies = (await t.api(bea, 'GET', `/api/forums/topics/${topicId}/replies`)).json();
    expect(JSON.stringify(replies)).toContain(FORMER_MEMBER_NAME);

    // Bea still has the conversation, from "Former member".
    const messages = (await t.api(bea, 'GET', `/api/conversations/${conversationId}/messages`)).json().items;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['Ana to Bea']);
    const list = JSON.stringify((await t.api(bea, 'GET', '/api/conversations')).json());
    expect(list).toContain(FORMER_MEMBER_NAME);
    expect(list).not.toContain(ana.name);

    // The tombstone has no profile page, no credentials and is found by no search.
    expect((await t.api(bea, 'GET', `/api/profiles/${tombId}`)).statusCode).toBe(404);
    const search = await t.api(bea, 'GET', `/api/members/search?q=${encodeURIComponent('Former')}`);
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).not.toContain(tombId);
    const credentials = await queryRows(t.database.db, sql`select 1 from account where user_id = ${tombId}`);
    expect(credentials).toHaveLength(0);
    expect(await t.database.db.select().from(formerMembers).where(eq(formerMembers.userId, tombId))).toHaveLength(1);
  });

  it('deleting her posts: they go, with their counts on what stays; her messages still stay', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const anaPost = await post(ana, 'Gone post');
    const beaPost = await post(bea, 'Bea stays');
    await comment(ana, beaPost, 'Gone comment');
    await t.api(ana, 'POST', `/api/posts/${beaPost}/like`);
    const beaTopic = await topic(bea, 'Bea topic');
    await reply(ana, beaTopic, 'Gone reply');
    const conversationId = await converse(bea, ana, 'Bea to Ana');
    await t.api(ana, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Ana answers' });

    expect((await deleteAccount(ana, { keepContent: false })).statusCode).toBe(200);
    expect((await t.api(bea, 'GET', `/api/posts/${anaPost}`)).statusCode).toBe(404);
    const stays = (await t.api(bea, 'GET', `/api/posts/${beaPost}`)).json();
    expect(stays.commentsCount).toBe(0);
    expect(stays.likesCount).toBe(0);
    expect((await t.api(bea, 'GET', `/api/posts/${beaPost}/comments`)).json().items).toEqual([]);
    const topicNow = (await t.api(bea, 'GET', `/api/forums/topics/${beaTopic}`)).json();
    expect(JSON.stringify(topicNow)).not.toContain('Gone reply');
    const messages = (await t.api(bea, 'GET', `/api/conversations/${conversationId}/messages`)).json().items;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['Bea to Ana', 'Ana answers']);
  });

  it('a double submit deletes once; the other answer is a clear 4xx', async () => {
    const ana = await member('Ana');
    const answers = await Promise.all([deleteAccount(ana, {}), deleteAccount(ana, {})]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await exists(ana.id)).toBe(false);
  });

  it('ends her live event streams', async () => {
    const baseUrl = await t.listen();
    const ana = await member('Ana');
    const stream = await openEventStream(baseUrl, ana.cookie);
    expect(stream.status).toBe(200);
    expect((await deleteAccount(ana, {})).statusCode).toBe(200);
    await expect(
      Promise.race([stream.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 5000))]),
    ).resolves.toBe('ended');
  });

  it('the last admin cannot delete herself; another admin can', async () => {
    // This app's only admins are the two made here.
    await t.database.db.update(userRoles).set({ role: 'user' }).where(eq(userRoles.role, 'admin'));
    const first = await t.signUpSubscriber('admin');
    const refused = await deleteAccount(first, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(DELETE_LAST_ADMIN);
    expect(await exists(first.id)).toBe(true);
    const second = await t.signUpSubscriber('admin');
    expect((await deleteAccount(second, {})).statusCode).toBe(200);
    expect(await exists(second.id)).toBe(false);
    // The first is the last one again.
    expect((await deleteAccount(first, {})).statusCode).toBe(409);
  });

  it('needs a session and refuses hostile input; counts attempts per member', async () => {
    expect(
      (
        await t.api(undefined, 'POST', '/api/account/delete', {
          password: 'x',
          keepContent: true,
          confirmation: 'DELETE',
        })
      ).statusCode,
    ).toBe(401);
    const ana = await member('Ana');
    for (const body of [
      {},
      { password: '', keepContent: true, confirmation: 'DELETE' },
      { password: 'x'.repeat(129), keepContent: true, confirmation: 'DELETE' },
      { password: ana.password, keepContent: 'yes', confirmation: 'DELETE' },
    ]) {
      const response = await t.api(ana, 'POST', '/api/account/delete', body);
      expect(response.statusCode).toBe(400);
    }
    expect(await exists(ana.id)).toBe(true);
  });
});

describe('delete my account with Stripe', () => {
  let s: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await createTestApp(
      { stripe: { secretKey: 'sk_test_fake', priceId: 'price_membership', webhookSecret: 'whsec_x' } },
      { stripe: fake.stripe },
    );
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  async function stripeSubscriber() {
    const m = await s.signUp();
    const id = `sub_${m.id.slice(0, 8)}`;
    await s.database.db.insert(subscriptions).values({
      userId: m.id,
      provider: 'stripe',
      providerSubscriptionId: id,
      providerCustomerId: 'cus_x',
      status: 'active',
      productId: 'prod_membership',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    fake.setSubscription({
      id,
      customer: 'cus_x',
      status: 'active',
      userId: m.id,
      periodEnd: new Date(Date.now() + 86_400_000),
    });
    return { ...m, subscriptionId: id };
  }
  const remove = (who: TestMember) =>
    s.api(who, 'POST', '/api/account/delete', { password: who.password, keepContent: true, confirmation: 'DELETE' });

  it('cancels her subscription at the provider before erasing', async () => {
    const ana = await stripeSubscriber();
    expect((await remove(ana)).statusCode).toBe(200);
    expect(fake.state.cancelledSubscriptions).toContain(ana.subscriptionId);
    expect(await s.database.db.select().from(subscriptions).where(eq(subscriptions.userId, ana.id))).toHaveLength(0);

    // Stripe then reports the cancellation: acknowledged, nobody left to update (no 500, so no retries).
    const payload = JSON.stringify({
      id: `evt_deleted_${ana.id}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: ana.subscriptionId, object: 'subscription' } },
      created: Math.floor(Date.now() / 1000),
    });
    const signature = fake.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' });
    const webhook = await s.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(webhook.statusCode).toBe(200);
    expect(await s.database.db.select().from(subscriptions).where(eq(subscriptions.userId, ana.id))).toHaveLength(0);
  });

  it('if the provider fails, nothing is deleted and she is told', async () => {
    const ana = await stripeSubscriber();
    fake.state.failCancels = true;
    try {
      const response = await remove(ana);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(DELETE_BILLING_FAILED);
    } finally {
      fake.state.failCancels = false;
    }
    const [still] = await s.database.db.select().from(user).where(eq(user.id, ana.id));
    expect(still?.email).toBe(ana.email);
    expect((await s.api(ana, 'GET', '/api/me')).statusCode).toBe(200);
    expect(await s.database.db.select().from(subscriptions).where(eq(subscriptions.userId, ana.id))).toHaveLength(1);
  });
});
