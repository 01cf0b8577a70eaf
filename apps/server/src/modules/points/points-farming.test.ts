import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { pointsLedger, pointsPeriodTotals, userPoints } from '../../db/schema/community.ts';

/**
 * Points cannot be farmed by creating and deleting content (issue 25, item 9a): whatever is deleted, by
 * whom, however often and however concurrently, each member ends with exactly what still stands.
 */
let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const member = await t.signUpSubscriber();
  categoryId = (await t.api(member, 'GET', '/api/forums/categories')).json().categories[0].id;
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: TestMember, method: Method, url: string, payload?: unknown) => t.api(who, method, url, payload);
const created = async (who: TestMember, url: string, payload: unknown): Promise<string> => {
  const response = await call(who, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
};

/** What a member would notice, and what the leaderboards read: all must agree with the ledger. */
async function standing(userId: string) {
  const db = t.database.db;
  const [row] = await db.select().from(userPoints).where(eq(userPoints.userId, userId));
  const [ledger] = await db
    .select({ sum: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  const periods = await db
    .select({ period: pointsPeriodTotals.period, sum: sql<number>`sum(${pointsPeriodTotals.points})::int` })
    .from(pointsPeriodTotals)
    .where(eq(pointsPeriodTotals.userId, userId))
    .groupBy(pointsPeriodTotals.period);
  const period = (name: string) => periods.find((p) => p.period === name)?.sum ?? 0;
  return {
    points: row?.points ?? 0,
    level: row?.level ?? 1,
    postsCount: row?.postsCount ?? 0,
    commentsCount: row?.commentsCount ?? 0,
    likesReceived: row?.likesReceived ?? 0,
    ledger: ledger?.sum ?? 0,
    week: period('week'),
    month: period('month'),
  };
}

/** The totals agree with the ledger (nothing paid or taken back beside it). */
async function expectConsistent(userId: string) {
  const now = await standing(userId);
  expect({ points: now.points, week: now.week, month: now.month }).toEqual({
    points: now.ledger,
    week: now.ledger,
    month: now.ledger,
  });
  return now;
}

const newPost = (who: TestMember, n = 0) => created(who, '/api/posts', { title: `Farm ${n}`, content: 'Points?' });
const newComment = (who: TestMember, postId: string) =>
  created(who, `/api/posts/${postId}/comments`, { content: 'A kind word' });
const newTopic = (who: TestMember, n = 0) =>
  created(who, `/api/forums/categories/${categoryId}/topics`, { title: `Farm topic ${n}`, content: 'Points?' });
const newReply = (who: TestMember, topicId: string) =>
  created(who, `/api/forums/topics/${topicId}/replies`, { content: 'A kind reply' });

/** Every kind of content: how it is made (by `author`, on a fresh parent) and the URL that deletes it. */
const KINDS: Record<string, (author: TestMember, host: TestMember) => Promise<string>> = {
  post: async (author) => `/api/posts/${await newPost(author)}`,
  comment: async (author, host) => `/api/comments/${await newComment(author, await newPost(host))}`,
  topic: async (author) => `/api/forums/topics/${await newTopic(author)}`,
  reply: async (author, host) => `/api/forums/replies/${await newReply(author, await newTopic(host))}`,
};

describe('deleting content takes its points back', () => {
  for (const [kind, make] of Object.entries(KINDS)) {
    for (const deleter of ['author', 'moderator'] as const) {
      it(`${kind}: create and delete in a loop (deleted by the ${deleter}) ends where it began`, async () => {
        const author = await t.signUpSubscriber();
        const host = await t.signUpSubscriber();
        const moderator = await t.signUpSubscriber('moderator');
        const before = await expectConsistent(author.id);
        for (let round = 0; round < 4; round++) {
          const url = await make(author, host);
          expect((await standing(author.id)).points).toBeGreaterThan(before.points);
          const removed = await call(deleter === 'author' ? author : moderator, 'DELETE', url);
          expect(removed.statusCode, removed.body).toBe(200);
        }
        expect(await expectConsistent(author.id)).toEqual(before);
      });
    }
  }

  it('a deleted post takes back the +2 of each like and the +5 of each comment on it, and the counters', async () => {
    const author = await t.signUpSubscriber();
    const fans = [await t.signUpSubscriber(), await t.signUpSubscriber(), await t.signUpSubscriber()];
    const authorBefore = await expectConsistent(author.id);
    const fansBefore = await Promise.all(fans.map((fan) => standing(fan.id)));
    const postId = await newPost(author);
    for (const fan of fans) expect((await call(fan, 'PUT', `/api/posts/${postId}/like`)).statusCode).toBe(200);
    // A like taken back and given again pays once, and is taken back once.
    await call(fans[0] as TestMember, 'DELETE', `/api/posts/${postId}/like`);
    await call(fans[0] as TestMember, 'PUT', `/api/posts/${postId}/like`);
    await call(author, 'PUT', `/api/posts/${postId}/like`);
    for (const fan of fans) await newComment(fan, postId);
    await newComment(fans[1] as TestMember, postId);
    await newComment(author, postId);
    const during = await standing(author.id);
    expect(during.points - authorBefore.points).toBe(10 + 3 * 2 + 5);
    expect(during.likesReceived - authorBefore.likesReceived).toBe(3);

    expect((await call(author, 'DELETE', `/api/posts/${postId}`)).statusCode).toBe(200);
    expect(await expectConsistent(author.id)).toEqual(authorBefore);
    for (const [index, fan] of fans.entries()) {
      expect(await expectConsistent(fan.id)).toEqual(fansBefore[index]);
    }
  });

  it('a deleted topic takes back the +5 of each reply, and the counters', async () => {
    const author = await t.signUpSubscriber();
    const replier = await t.signUpSubscriber();
    const moderator = await t.signUpSubscriber('moderator');
    const [authorBefore, replierBefore] = [await standing(author.id), await standing(replier.id)];
    const topicId = await newTopic(author);
    await newReply(replier, topicId);
    await newReply(replier, topicId);
    await newReply(author, topicId);
    expect((await standing(replier.id)).commentsCount - replierBefore.commentsCount).toBe(2);
    expect((await call(moderator, 'DELETE', `/api/forums/topics/${topicId}`)).statusCode).toBe(200);
    expect(await expectConsistent(author.id)).toEqual(authorBefore);
    expect(await expectConsistent(replier.id)).toEqual(replierBefore);
  });

  it('concurrent deletions of one post take back once: one succeeds, the others find it gone', async () => {
    const author = await t.signUpSubscriber();
    const fan = await t.signUpSubscriber();
    const moderator = await t.signUpSubscriber('moderator');
    const [authorBefore, fanBefore] = [await standing(author.id), await standing(fan.id)];
    const postId = await newPost(author);
    await call(fan, 'PUT', `/api/posts/${postId}/like`);
    await newComment(fan, postId);
    const responses = await Promise.all(
      [author, moderator, author, moderator, author, moderator].map((who) =>
        call(who, 'DELETE', `/api/posts/${postId}`),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    expect(await expectConsistent(author.id)).toEqual(authorBefore);
    expect(await expectConsistent(fan.id)).toEqual(fanBefore);
    const reversals = await t.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.reason, 'reversal'), eq(pointsLedger.idempotencyKey, `reverse:post:${postId}`)));
    expect(reversals).toHaveLength(1);
  });

  it('concurrent create/delete cycles, comment deletions racing their post, end with exactly the right total', async () => {
    const author = await t.signUpSubscriber();
    const commenter = await t.signUpSubscriber();
    const moderator = await t.signUpSubscriber('moderator');
    const [authorBefore, commenterBefore] = [await standing(author.id), await standing(commenter.id)];
    const keptPost = await newPost(author, 99);
    const cycle = async (n: number) => {
      const postId = await newPost(author, n);
      const commentIds = [await newComment(commenter, postId), await newComment(commenter, postId)];
      await call(commenter, 'PUT', `/api/posts/${postId}/like`);
      // The commenter deletes her comments while the moderator deletes the post: each +5 goes back once.
      const answers = await Promise.all([
        ...commentIds.map((id) => call(commenter, 'DELETE', `/api/comments/${id}`)),
        call(moderator, 'DELETE', `/api/posts/${postId}`),
        call(author, 'DELETE', `/api/posts/${postId}`),
      ]);
      for (const answer of answers) expect([200, 404], answer.body).toContain(answer.statusCode);
    };
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (let n = 0; n < 3; n++) await cycle(lane * 10 + n);
      }),
    );
    const authorAfter = await expectConsistent(author.id);
    expect(authorAfter.points - authorBefore.points).toBe(10);
    expect(authorAfter.postsCount - authorBefore.postsCount).toBe(1);
    expect(authorAfter.likesReceived).toBe(authorBefore.likesReceived);
    expect(await expectConsistent(commenter.id)).toEqual(commenterBefore);
    expect((await call(author, 'DELETE', `/api/posts/${keptPost}`)).statusCode).toBe(200);
    expect(await expectConsistent(author.id)).toEqual(authorBefore);
  });
});
