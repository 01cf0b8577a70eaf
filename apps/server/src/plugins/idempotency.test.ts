import {
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_STILL_RUNNING,
} from '@lunara/shared/idempotency';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app.ts';
import { postComments, posts, userPoints } from '../db/schema/community.ts';
import { forumReplies, forumTopics } from '../db/schema/forums.ts';
import { idempotencyKeys } from '../db/schema/operations.ts';
import { dailyRituals, rituals } from '../db/schema/rituals.ts';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEY_TTL_MS } from '../modules/idempotency/idempotency-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}-abcdef`;

const send = (member: TestMember, method: 'POST' | 'PUT', url: string, payload: object, key?: string) =>
  t.request({ method, url, cookie: member.cookie, payload, headers: key ? { 'idempotency-key': key } : {} });

const postsOf = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(posts).where(eq(posts.userId, userId)))[0]?.n;
const pointsOf = async (userId: string) =>
  (await t.database.db.select().from(userPoints).where(eq(userPoints.userId, userId)))[0]?.points ?? 0;

describe('a create sent twice with one key is done once', () => {
  it('post: two requests at once make one post, pay +10 once, and both get the same answer', async () => {
    const member = await t.signUpSubscriber();
    const key = newKey();
    const body = { title: 'Double click', content: 'Sent twice' };
    const [first, second] = await Promise.all([
      send(member, 'POST', '/api/posts', body, key),
      send(member, 'POST', '/api/posts', body, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().id).toBe(first.json().id);
    expect(await postsOf(member.id)).toBe(1);
    expect(await pointsOf(member.id)).toBe(10);
    // A retry later (the answer was lost on the way) still gets it, marked as a replay.
    const retry = await send(member, 'POST', '/api/posts', body, key);
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await postsOf(member.id)).toBe(1);
  });

  it('every kind of create: a repeat makes nothing new', async () => {
    const member = await t.signUpSubscriber();
    const postId = (await send(member, 'POST', '/api/posts', { title: 'Host', content: 'for comments' })).json().id;
    const [category] = (await t.request({ method: 'GET', url: '/api/forums/categories', cookie: member.cookie })).json()
      .categories;
    const topicsUrl = `/api/forums/categories/${category.id}/topics`;
    const topicId = (await send(member, 'POST', topicsUrl, { title: 'A topic', content: 'Opening words' })).json().id;
    const [template] = await t.database.db.select({ id: rituals.id }).from(rituals).where(eq(rituals.isTemplate, true));
    const cases: Array<{ url: string; body: object; rows: () => Promise<number | undefined> }> = [
      {
        url: `/api/posts/${postId}/comments`,
        body: { content: 'A comment' },
        rows: async () =>
          (await t.database.db.select({ n: count() }).from(postComments).where(eq(postComments.postId, postId)))[0]?.n,
      },
      {
        url: topicsUrl,
        body: { title: 'Another topic', content: 'More words' },
        rows: async () =>
          (await t.database.db.select({ n: count() }).from(forumTopics).where(eq(forumTopics.userId, member.id)))[0]?.n,
      },
      {
        url: `/api/forums/topics/${topicId}/replies`,
        body: { content: 'A reply' },
        rows: async () =>
          (await t.database.db.select({ n: count() }).from(forumReplies).where(eq(forumReplies.topicId, topicId)))[0]
            ?.n,
      },
      {
        url: `/api/rituals/${template?.id}/complete?tz=UTC`,
        body: {},
        rows: async () =>
          (await t.database.db.select({ n: count() }).from(dailyRituals).where(eq(dailyRituals.userId, member.id)))[0]
            ?.n,
      },
    ];
    for (const { url, body, rows } of cases) {
      const key = newKey();
      const first = await send(member, 'POST', url, body, key);
      expect(first.statusCode, url).toBe(200);
      const before = await rows();
      const again = await send(member, 'POST', url, body, key);
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toBe(first.body);
      expect(await rows(), url).toBe(before);
    }
  });

  it('without a key a repeat is a new request, as before', async () => {
    const member = await t.signUpSubscriber();
    const body = { title: 'No key', content: 'Twice on purpose' };
    await send(member, 'POST', '/api/posts', body);
    await send(member, 'POST', '/api/posts', body);
    expect(await postsOf(member.id)).toBe(2);
  });
});

describe('keys', () => {
  it('belong to one member: the same key from another member is her own request', async () => {
    const [one, two] = [await t.signUpSubscriber(), await t.signUpSubscriber()];
    const key = newKey();
    const body = { title: 'Mine', content: 'Not yours' };
    const a = await send(one, 'POST', '/api/posts', body, key);
    const b = await send(two, 'POST', '/api/posts', body, key);
    expect(b.json().id).not.toBe(a.json().id);
    expect(await postsOf(two.id)).toBe(1);
  });

  it('on a different request is a 409 that changes nothing', async () => {
    const member = await t.signUpSubscriber();
    const key = newKey();
    await send(member, 'POST', '/api/posts', { title: 'First', content: 'one' }, key);
    const other = await send(member, 'POST', '/api/posts', { title: 'Second', content: 'two' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(await postsOf(member.id)).toBe(1);
  });

  it('are free again after a failure, so a corrected request goes through', async () => {
    const member = await t.signUpSubscriber();
    const key = newKey();
    const refused = await send(member, 'POST', '/api/posts', { title: 'x'.repeat(201), content: 'too long' }, key);
    expect(refused.statusCode).toBe(400);
    const fixed = await send(member, 'POST', '/api/posts', { title: 'Shorter', content: 'now fine' }, key);
    expect(fixed.statusCode).toBe(200);
    expect(await postsOf(member.id)).toBe(1);
  });

  it('are refused when malformed, and nothing is created', async () => {
    const member = await t.signUpSubscriber();
    for (const key of ['short', 'x'.repeat(65), 'has space in it here', 'ünïcödé-key-1234567']) {
      const response = await send(member, 'POST', '/api/posts', { title: 'Bad key', content: 'no' }, key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json().error.message).toBe(IDEMPOTENCY_KEY_INVALID);
    }
    expect(await postsOf(member.id)).toBe(0);
  });

  it('claimed by a request still running make a repeat wait, then 409 if it never finishes', async () => {
    const member = await t.signUpSubscriber();
    const key = newKey();
    const body = { title: 'Stuck', content: 'first never answered' };
    // A first request whose process is still working on it: claimed, no answer yet.
    const first = await send(member, 'POST', '/api/posts', body, key);
    await t.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, createdAt: new Date() })
      .where(eq(idempotencyKeys.key, key));
    const started = Date.now();
    const repeat = await send(member, 'POST', '/api/posts', body, key);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error.message).toBe(IDEMPOTENCY_KEY_STILL_RUNNING);
    expect(first.statusCode).toBe(200);
    expect(await postsOf(member.id)).toBe(1);
  }, 20_000);

  it('expire after a day, a batch at a time', async () => {
    const member = await t.signUpSubscriber();
    const key = newKey();
    await send(member, 'POST', '/api/posts', { title: 'Old', content: 'key' }, key);
    const later = new Date(Date.now() + IDEMPOTENCY_KEY_TTL_MS + 60_000);
    expect(await deleteExpiredIdempotencyKeys(t.database.db, later)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(left).toEqual([]);
  });
});
