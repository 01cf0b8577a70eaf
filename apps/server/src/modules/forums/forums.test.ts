import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { forumCategories, forumTopics } from '../../db/schema/forums.ts';
import { notifications } from '../../db/schema/notifications.ts';

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.database.db.select().from(forumCategories).where(eq(forumCategories.slug, 'moon-wisdom'));
  categoryId = category?.id ?? '';
});
afterAll(async () => t?.close());

const subscriber = (role?: 'moderator' | 'admin') => t.signUpSubscriber(role);
const api = (
  member: TestMember | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => t.request({ method, url, cookie: member?.cookie, payload: method === 'GET' ? undefined : (payload ?? {}) });
const newTopic = async (member: TestMember, title = 'Cycle tracking tips') =>
  (
    await api(member, 'POST', `/api/forums/categories/${categoryId}/topics`, { title, content: 'How do you track?' })
  ).json();

describe('forums', () => {
  it('are for subscribers and admins only', async () => {
    expect((await api(undefined, 'GET', '/api/forums/categories')).statusCode).toBe(401);
    expect((await api(await t.signUp(), 'GET', '/api/forums/categories')).statusCode).toBe(403);
  });

  it('list active categories in order with topic count and latest topic', async () => {
    const member = await subscriber();
    await t.database.db
      .update(forumCategories)
      .set({ isActive: false })
      .where(eq(forumCategories.slug, 'questions-support'));
    const topic = await newTopic(member, 'Newest in moon wisdom');
    const { categories } = (await api(member, 'GET', '/api/forums/categories')).json();
    expect(categories.map((category: { slug: string }) => category.slug)).not.toContain('questions-support');
    const moon = categories.find((category: { id: string }) => category.id === categoryId);
    expect(moon.topicsCount).toBeGreaterThanOrEqual(1);
    expect(moon.latestTopic).toMatchObject({ id: topic.id, title: 'Newest in moon wisdom' });
    expect(categories[0].slug).toBe('moon-wisdom');
  });

  it('refuse a topic without title or content, with clear messages', async () => {
    const member = await subscriber();
    const noTitle = await api(member, 'POST', `/api/forums/categories/${categoryId}/topics`, {
      title: ' ',
      content: 'x',
    });
    expect(noTitle.json().error.message).toBe('Give your topic a title');
    const long = await api(member, 'POST', `/api/forums/categories/${categoryId}/topics`, {
      title: 'x'.repeat(201),
      content: 'x',
    });
    expect(long.json().error.message).toBe('The title must be at most 200 characters');
  });

  it('order topics pinned first, then by latest activity', async () => {
    const member = await subscriber();
    const moderator = await subscriber('moderator');
    const old = await newTopic(member, 'Old topic');
    const quiet = await newTopic(member, 'Quiet topic');
    const busy = await newTopic(member, 'Busy topic');
    await api(member, 'POST', `/api/forums/topics/${old.id}/replies`, { content: 'Bumping this' });
    await api(moderator, 'PUT', `/api/forums/topics/${quiet.id}/pin`, { isPinned: true });
    const { items } = (await api(member, 'GET', `/api/forums/categories/${categoryId}/topics`)).json();
    const order = items.map((item: { id: string }) => item.id);
    expect(order.indexOf(quiet.id)).toBe(0);
    expect(order.indexOf(old.id)).toBeLessThan(order.indexOf(busy.id));
    expect(items.find((item: { id: string }) => item.id === old.id)).toMatchObject({
      repliesCount: 1,
      lastReplyUserName: expect.any(String),
    });
  });

  it('count a view once per member', async () => {
    const author = await subscriber();
    const reader = await subscriber();
    const topic = await newTopic(author);
    await api(reader, 'GET', `/api/forums/topics/${topic.id}`);
    await api(reader, 'GET', `/api/forums/topics/${topic.id}`);
    const viewed = (await api(author, 'GET', `/api/forums/topics/${topic.id}`)).json();
    expect(viewed.viewsCount).toBe(2);
    // A topic hidden for review is not there for her, and opening it counts nothing.
    await t.database.db.update(forumTopics).set({ hiddenAt: new Date() }).where(eq(forumTopics.id, topic.id));
    const stranger = await subscriber();
    expect((await api(stranger, 'GET', `/api/forums/topics/${topic.id}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
    expect(row?.viewsCount).toBe(2);
  });

  it('keep replies_count exact under concurrent replies, and notify the author', async () => {
    const author = await subscriber();
    const topic = await newTopic(author);
    const repliers = await Promise.all(Array.from({ length: 8 }, () => subscriber()));
    const responses = await Promise.all(
      repliers.map((member, i) =>
        api(member, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: `Reply ${i}` }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const [row] = await t.database.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
    expect(row?.repliesCount).toBe(8);
    const replies = (await api(author, 'GET', `/api/forums/topics/${topic.id}/replies`)).json();
    expect(replies.items).toHaveLength(8);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'forum_reply')));
    expect(notes).toHaveLength(8);
    await api(author, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'Thank you all' });
    const after = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'forum_reply')));
    expect(after).toHaveLength(8);
  });

  it('lock a topic against replies and edits; only moderators lock and pin', async () => {
    const author = await subscriber();
    const moderator = await subscriber('moderator');
    const topic = await newTopic(author);
    const reply = (await api(author, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'First' })).json();
    expect((await api(author, 'PUT', `/api/forums/topics/${topic.id}/lock`, { isLocked: true })).statusCode).toBe(403);
    expect((await api(author, 'PUT', `/api/forums/topics/${topic.id}/pin`, { isPinned: true })).statusCode).toBe(403);
    expect(
      (await api(moderator, 'PUT', `/api/forums/topics/${topic.id}/lock`, { isLocked: true })).json().isLocked,
    ).toBe(true);

    const refused = await api(author, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This topic is locked: it takes no new replies');
    expect(
      (await api(author, 'PATCH', `/api/forums/topics/${topic.id}`, { title: 'New', content: 'New' })).statusCode,
    ).toBe(409);
    expect((await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'Edited' })).statusCode).toBe(409);
    expect((await api(author, 'DELETE', `/api/forums/topics/${topic.id}`)).statusCode).toBe(409);

    await api(moderator, 'PUT', `/api/forums/topics/${topic.id}/lock`, { isLocked: false });
    expect(
      (await api(author, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'Open again' })).statusCode,
    ).toBe(200);
  });

  it('let authors edit and delete their own topics and replies, not others', async () => {
    const author = await subscriber();
    const other = await subscriber();
    const topic = await newTopic(author);
    expect(
      (await api(other, 'PATCH', `/api/forums/topics/${topic.id}`, { title: 'Mine now', content: 'x' })).statusCode,
    ).toBe(403);
    const edited = await api(author, 'PATCH', `/api/forums/topics/${topic.id}`, {
      title: 'Better title',
      content: 'Better',
    });
    expect(edited.json()).toMatchObject({ title: 'Better title', content: 'Better' });
    const reply = (await api(other, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'Hello' })).json();
    expect((await api(author, 'DELETE', `/api/forums/replies/${reply.id}`)).statusCode).toBe(403);
    expect((await api(other, 'DELETE', `/api/forums/replies/${reply.id}`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
    expect(row).toMatchObject({ repliesCount: 0, lastReplyAt: null });
    expect((await api(other, 'DELETE', `/api/forums/topics/${topic.id}`)).statusCode).toBe(403);
    expect((await api(author, 'DELETE', `/api/forums/topics/${topic.id}`)).statusCode).toBe(200);
    expect((await api(author, 'GET', `/api/forums/topics/${topic.id}`)).statusCode).toBe(404);
  });

  it('take a deactivated category’s topics out: no opening, replies, replying, saving or marking read', async () => {
    const author = await subscriber();
    const reader = await subscriber();
    const [category] = await t.database.db
      .insert(forumCategories)
      .values({ name: 'Soon closed', slug: `soon-closed-${Date.now()}`, description: 'For a while', color: 'indigo' })
      .returning();
    const id = category?.id ?? '';
    const created = await api(author, 'POST', `/api/forums/categories/${id}/topics`, { title: 'Hi', content: 'Words' });
    expect(created.statusCode).toBe(200);
    const topicId = created.json().id as string;
    expect(
      (await api(reader, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'A reply' })).statusCode,
    ).toBe(200);
    await t.database.db.update(forumCategories).set({ isActive: false }).where(eq(forumCategories.id, id));
    for (const member of [reader, author]) {
      expect((await api(member, 'GET', `/api/forums/topics/${topicId}`)).statusCode).toBe(404);
      expect((await api(member, 'GET', `/api/forums/topics/${topicId}/replies`)).json().items).toEqual([]);
      expect(
        (await api(member, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'Again' })).statusCode,
      ).toBe(404);
      expect((await api(member, 'PUT', `/api/bookmarks/topics/${topicId}`)).statusCode).toBe(404);
      expect((await api(member, 'POST', `/api/forums/topics/${topicId}/read`)).statusCode).toBe(404);
    }
  });
});
