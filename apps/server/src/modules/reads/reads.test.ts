import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { user } from '../../db/schema/auth.ts';
import { forumCategories, forumReplies, forumTopics } from '../../db/schema/forums.ts';
import { feedVisits, forumTopicReads } from '../../db/schema/reads.ts';

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  // A category of its own, so that every topic these tests start is on its first page.
  const [category] = await t.database.db
    .insert(forumCategories)
    .values({ slug: 'unread-tests', name: 'Unread tests', description: 'Tests', color: 'rose' })
    .returning();
  categoryId = category?.id ?? '';
});
afterAll(async () => t?.close());

type ListedTopic = { id: string; readState?: { isUnread: boolean; newRepliesCount: number } };

const newTopic = async (member: TestMember, title = 'Moon journaling') =>
  (
    await t.api(member, 'POST', `/api/forums/categories/${categoryId}/topics`, { title, content: 'Who journals?' })
  ).json().id as string;
const reply = (member: TestMember, topicId: string, content = 'Me too') =>
  t.api(member, 'POST', `/api/forums/topics/${topicId}/replies`, { content });
const markRead = (member: TestMember, topicId: string) => t.api(member, 'POST', `/api/forums/topics/${topicId}/read`);
async function readStateOf(member: TestMember, topicId: string) {
  const response = await t.api(member, 'GET', `/api/forums/categories/${categoryId}/topics`);
  expect(response.statusCode).toBe(200);
  return (response.json().items as ListedTopic[]).find((topic) => topic.id === topicId)?.readState;
}

describe('forum topics: new since her last visit', () => {
  it('a new topic is unread; once opened it has no new replies, and the time she opened it is kept', async () => {
    const reader = await t.signUpSubscriber();
    const author = await t.signUpSubscriber();
    const topicId = await newTopic(author);
    expect(await readStateOf(reader, topicId)).toEqual({ isUnread: true, newRepliesCount: 0 });
    // Her own topic is never new to her.
    expect(await readStateOf(author, topicId)).toEqual({ isUnread: false, newRepliesCount: 0 });

    const first = await markRead(reader, topicId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ previousReadAt: null });
    expect(await readStateOf(reader, topicId)).toEqual({ isUnread: false, newRepliesCount: 0 });
    const second = (await markRead(reader, topicId)).json();
    expect(Date.parse(second.previousReadAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts replies by others since she opened it, not her own, hidden ones or a blocked member’s', async () => {
    const reader = await t.signUpSubscriber();
    const author = await t.signUpSubscriber();
    const blocked = await t.signUpSubscriber();
    const topicId = await newTopic(author);
    await markRead(reader, topicId);
    await reply(author, topicId, 'Welcome');
    expect(await readStateOf(reader, topicId)).toEqual({ isUnread: false, newRepliesCount: 1 });

    await reply(reader, topicId, 'My own words');
    expect((await readStateOf(reader, topicId))?.newRepliesCount).toBe(1);

    const blockedReply = await reply(blocked, topicId, 'From someone she blocks');
    expect(blockedReply.statusCode, blockedReply.body).toBe(200);
    expect((await readStateOf(reader, topicId))?.newRepliesCount).toBe(2);
    expect((await t.api(reader, 'PUT', `/api/blocks/${blocked.id}`)).statusCode).toBeLessThan(300);
    expect((await readStateOf(reader, topicId))?.newRepliesCount).toBe(1);

    const hidden = (await reply(author, topicId, 'Reported away')).json().id as string;
    await t.database.db.update(forumReplies).set({ hiddenAt: new Date() }).where(eq(forumReplies.id, hidden));
    expect((await readStateOf(reader, topicId))?.newRepliesCount).toBe(1);

    // Opening it again: nothing new, and the divider's time is the visit before.
    const { previousReadAt } = (await markRead(reader, topicId)).json();
    expect(previousReadAt).not.toBeNull();
    expect(await readStateOf(reader, topicId)).toEqual({ isUnread: false, newRepliesCount: 0 });
  });

  it('shows a new member no old topic as new: none from before she joined, none older than 30 days', async () => {
    const author = await t.signUpSubscriber();
    const before = await newTopic(author, 'From before she joined');
    const longAgo = await newTopic(author, 'Quiet for two months');
    const reader = await t.signUpSubscriber();
    const sixtyDaysAgo = new Date(Date.now() - 60 * 86_400_000);
    await t.database.db.update(user).set({ createdAt: sixtyDaysAgo }).where(eq(user.id, reader.id));
    await t.database.db
      .update(forumTopics)
      .set({
        createdAt: new Date(Date.now() - 40 * 86_400_000),
        lastActivityAt: new Date(Date.now() - 40 * 86_400_000),
      })
      .where(eq(forumTopics.id, longAgo));
    expect((await readStateOf(reader, longAgo))?.isUnread).toBe(false);
    // Joined 60 days ago: a topic of today is new to her.
    expect((await readStateOf(reader, before))?.isUnread).toBe(true);

    const newcomer = await t.signUpSubscriber();
    expect((await readStateOf(newcomer, before))?.isUnread).toBe(false);
    // Activity after she joined makes it new to her again.
    await reply(author, before, 'Still going');
    expect((await readStateOf(newcomer, before))?.isUnread).toBe(true);
  });

  it('marks a whole category read at once; what comes after is new again', async () => {
    const reader = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const author = await t.signUpSubscriber();
    const opened = await newTopic(author, 'Opened before');
    const never = await newTopic(author, 'Never opened');
    await markRead(reader, opened);
    await reply(author, opened, 'Since she looked');
    expect((await readStateOf(reader, opened))?.newRepliesCount).toBe(1);
    expect((await readStateOf(reader, never))?.isUnread).toBe(true);

    const marked = await t.api(reader, 'POST', `/api/forums/categories/${categoryId}/read`);
    expect(marked.json()).toEqual({ ok: true });
    expect(await readStateOf(reader, opened)).toEqual({ isUnread: false, newRepliesCount: 0 });
    expect(await readStateOf(reader, never)).toEqual({ isUnread: false, newRepliesCount: 0 });
    // Opening a topic after it: the divider starts from the category's mark.
    expect((await markRead(reader, never)).json().previousReadAt).not.toBeNull();

    await reply(author, never, 'After the mark');
    expect((await readStateOf(reader, never))?.newRepliesCount).toBe(1);
    // Hers alone; an unknown or inactive category is a 404.
    expect((await readStateOf(author, never))?.newRepliesCount).toBe(0);
    expect((await readStateOf(other, opened))?.isUnread).toBe(true);
    const unknown = await t.api(reader, 'POST', '/api/forums/categories/00000000-0000-4000-8000-000000000000/read');
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps each member’s marks her own', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const author = await t.signUpSubscriber();
    const topicId = await newTopic(author);
    await markRead(bea, topicId);
    expect((await readStateOf(ana, topicId))?.isUnread).toBe(true);
    expect((await markRead(ana, topicId)).json()).toEqual({ previousReadAt: null });
    const rows = await t.database.db.select().from(forumTopicReads).where(eq(forumTopicReads.topicId, topicId));
    expect(rows.map((row) => row.userId).sort()).toEqual([ana.id, bea.id].sort());
  });

  it('refuses to mark what she may not see, and visitors and free members', async () => {
    const reader = await t.signUpSubscriber();
    const author = await t.signUpSubscriber();
    const topicId = await newTopic(author);
    expect((await t.api(undefined, 'POST', `/api/forums/topics/${topicId}/read`)).statusCode).toBe(401);
    expect((await markRead(await t.signUp(), topicId)).statusCode).toBe(403);
    expect((await markRead(reader, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await markRead(reader, 'not-a-topic')).statusCode).toBe(400);

    await t.database.db.update(forumTopics).set({ hiddenAt: new Date() }).where(eq(forumTopics.id, topicId));
    expect((await markRead(reader, topicId)).json().error.message).toBe('This topic no longer exists');
    expect((await markRead(author, topicId)).statusCode).toBe(200);
    await t.database.db.update(forumTopics).set({ hiddenAt: null }).where(eq(forumTopics.id, topicId));

    await t.api(author, 'PUT', `/api/blocks/${reader.id}`);
    expect((await markRead(reader, topicId)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(forumTopicReads).where(eq(forumTopicReads.userId, reader.id));
    expect(rows).toEqual([]);
  });
});

describe('the feed: posts since her previous visit', () => {
  const visit = async (member: TestMember) => {
    const response = await t.api(member, 'POST', '/api/feed/visit');
    expect(response.statusCode).toBe(200);
    return response.json().previousVisitAt as string;
  };

  it('answers her previous visit, keeps it for a minute, then moves on', async () => {
    const member = await t.signUpSubscriber();
    const joined = new Date(Date.now() - 86_400_000);
    await t.database.db.update(user).set({ createdAt: joined }).where(eq(user.id, member.id));
    // The first visit compares with when she joined.
    const first = await visit(member);
    expect(Date.parse(first)).toBe(joined.getTime());
    // Back within the minute: the same answer, no write.
    expect(await visit(member)).toBe(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.database.db.update(feedVisits).set({ lastSeenAt: twoMinutesAgo }).where(eq(feedVisits.userId, member.id));
    const third = await visit(member);
    expect(Date.parse(third)).toBe(Math.floor(twoMinutesAgo.getTime()));
    // Her new visit holds while she looks, even across reloads.
    expect(await visit(member)).toBe(third);
    const [row] = await t.database.db.select().from(feedVisits).where(eq(feedVisits.userId, member.id));
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
  });

  it('never reaches back further than 30 days, is for members only, and goes with her account', async () => {
    const member = await t.signUpSubscriber();
    await t.database.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 90 * 86_400_000) })
      .where(eq(user.id, member.id));
    const previous = await visit(member);
    expect(Date.parse(previous)).toBeGreaterThan(Date.now() - 30 * 86_400_000 - 60_000);
    expect((await t.api(undefined, 'POST', '/api/feed/visit')).statusCode).toBe(401);
    expect((await t.api(await t.signUp(), 'POST', '/api/feed/visit')).statusCode).toBe(403);

    await t.database.db.delete(user).where(eq(user.id, member.id));
    const [left] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(feedVisits)
      .where(eq(feedVisits.userId, member.id));
    expect(left?.count).toBe(0);
  });
});
