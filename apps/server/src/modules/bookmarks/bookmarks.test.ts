import { BOOKMARK_LIMIT_REACHED, BOOKMARKS_PAGE_SIZE, MAX_BOOKMARKS } from '@lunara/shared/bookmarks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { posts } from '../../db/schema/community.ts';
import { forumCategories, forumTopics } from '../../db/schema/forums.ts';

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.database.db.select().from(forumCategories).where(eq(forumCategories.slug, 'moon-wisdom'));
  categoryId = category?.id ?? '';
});
afterAll(async () => t?.close());

const member = () => t.signUpSubscriber();
const post = async (who: TestMember, title = 'Worth keeping') => {
  const response = await t.api(who, 'POST', '/api/posts', { title, content: `${title} body` });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const topic = async (who: TestMember, title = 'A topic to keep') => {
  const response = await t.api(who, 'POST', `/api/forums/categories/${categoryId}/topics`, {
    title,
    content: 'How do you track the moon?',
  });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const save = (who: TestMember, kind: string, id: string) => t.api(who, 'PUT', `/api/bookmarks/${kind}s/${id}`);
const unsave = (who: TestMember, kind: string, id: string) => t.api(who, 'DELETE', `/api/bookmarks/${kind}s/${id}`);
type Saved = { kind: string; post?: { id: string; savedByMe: boolean }; topic?: { id: string } };
const savedIds = async (who: TestMember) =>
  ((await t.api(who, 'GET', '/api/bookmarks')).json().items as Saved[]).map((item) => item.post?.id ?? item.topic?.id);

describe('saving posts and topics', () => {
  it('toggles, shows on the post and the topic, and lists newest saved first', async () => {
    const [author, ana] = [await member(), await member()];
    const [postId, topicId] = [await post(author, 'Saved post'), await topic(author, 'Saved topic')];
    expect((await save(ana, 'post', postId)).json()).toEqual({ saved: true });
    expect((await save(ana, 'topic', topicId)).json()).toEqual({ saved: true });
    expect((await t.api(ana, 'GET', `/api/posts/${postId}`)).json().savedByMe).toBe(true);
    expect((await t.api(author, 'GET', `/api/posts/${postId}`)).json().savedByMe).toBe(false);
    const feedItem = (await t.api(ana, 'GET', '/api/posts')).json().items.find((p: { id: string }) => p.id === postId);
    expect(feedItem.savedByMe).toBe(true);
    expect((await t.api(ana, 'GET', `/api/bookmarks/topics/${topicId}`)).json()).toEqual({ saved: true });
    expect((await t.api(author, 'GET', `/api/bookmarks/topics/${topicId}`)).json()).toEqual({ saved: false });

    const list = (await t.api(ana, 'GET', '/api/bookmarks')).json();
    expect(list.items.map((item: Saved) => item.kind)).toEqual(['topic', 'post']);
    expect(list.items[0].topic).toMatchObject({ id: topicId, title: 'Saved topic' });
    expect(list.items[1].post).toMatchObject({ id: postId, title: 'Saved post', savedByMe: true });
    // Her list is hers: another member's is empty.
    expect((await t.api(author, 'GET', '/api/bookmarks')).json()).toEqual({ items: [], nextCursor: null });

    // Saving twice (a double click) stays one; removing twice is fine.
    await Promise.all([save(ana, 'post', postId), save(ana, 'post', postId)]);
    expect(await savedIds(ana)).toEqual([topicId, postId]);
    expect((await unsave(ana, 'post', postId)).json()).toEqual({ saved: false });
    expect((await unsave(ana, 'post', postId)).json()).toEqual({ saved: false });
    expect(await savedIds(ana)).toEqual([topicId]);
  });

  it('refuses bad kinds and ids, unknown items, visitors and free members', async () => {
    const [author, ana] = [await member(), await member()];
    const postId = await post(author);
    expect((await save(ana, 'comment', postId)).statusCode).toBe(404);
    expect((await save(ana, 'post', 'nope')).statusCode).toBe(400);
    const unknown = await save(ana, 'topic', postId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This topic no longer exists');
    expect((await t.api(undefined, 'PUT', `/api/bookmarks/posts/${postId}`)).statusCode).toBe(401);
    expect((await t.api(undefined, 'GET', '/api/bookmarks')).statusCode).toBe(401);
    expect((await t.api(await t.signUp(), 'GET', '/api/bookmarks')).statusCode).toBe(403);
    expect((await t.api(ana, 'GET', '/api/bookmarks?cursor=forged')).statusCode).toBe(400);
  });

  it('pages by cursor without repeats', async () => {
    const [author, ana] = [await member(), await member()];
    const ids: string[] = [];
    for (let i = 0; i < BOOKMARKS_PAGE_SIZE + 3; i++) {
      const id = await post(author, `Paged ${i}`);
      ids.push(id);
      expect((await save(ana, 'post', id)).statusCode).toBe(200);
    }
    const first = (await t.api(ana, 'GET', '/api/bookmarks')).json();
    expect(first.items).toHaveLength(BOOKMARKS_PAGE_SIZE);
    const second = (await t.api(ana, 'GET', `/api/bookmarks?cursor=${first.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((item: Saved) => item.post?.id);
    expect(seen).toEqual([...ids].reverse());
  });

  it('drops deleted, hidden and blocked items from her list, and saving them is a 404', async () => {
    const [author, other, ana] = [await member(), await member(), await member()];
    const [deleted, hidden, blockedPost, kept] = [
      await post(author, 'Deleted'),
      await post(author, 'Hidden'),
      await post(other, 'By a member she blocks'),
      await post(author, 'Kept'),
    ];
    const [hiddenTopic, blockedTopic] = [await topic(author, 'Hidden topic'), await topic(other, 'Blocked topic')];
    for (const id of [deleted, hidden, blockedPost, kept]) await save(ana, 'post', id);
    for (const id of [hiddenTopic, blockedTopic]) await save(ana, 'topic', id);

    await t.api(author, 'DELETE', `/api/posts/${deleted}`);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden));
    await t.database.db.update(forumTopics).set({ hiddenAt: new Date() }).where(eq(forumTopics.id, hiddenTopic));
    await t.api(ana, 'PUT', `/api/blocks/${other.id}`);
    expect(await savedIds(ana)).toEqual([kept]);
    // A post that reports hide is still in its author's own list.
    await save(author, 'post', hidden);
    expect(await savedIds(author)).toEqual([hidden]);
    // The other way round: the member she blocked no longer sees her items in his list.
    const hers = await post(ana, 'Anas own');
    expect((await save(other, 'post', hers)).statusCode).toBe(404);
    expect((await save(ana, 'post', hidden)).statusCode).toBe(404);
    expect((await save(ana, 'topic', blockedTopic)).statusCode).toBe(404);
    // Removing stays open whatever happened to the item.
    expect((await unsave(ana, 'topic', blockedTopic)).statusCode).toBe(200);
    expect((await save(ana, 'post', deleted)).statusCode).toBe(404);
  });

  it(`stops at ${MAX_BOOKMARKS} with a clear error`, async () => {
    const [author, ana] = [await member(), await member()];
    await t.database.db.execute(sql`insert into posts (user_id, title, content)
      select ${author.id}, 'Bulk ' || g, 'Bulk body' from generate_series(1, ${MAX_BOOKMARKS}) g`);
    await t.database.db.execute(sql`insert into bookmarks (user_id, kind, post_id)
      select ${ana.id}, 'post', id from posts where user_id = ${author.id}`);
    const one = await post(author, 'One too many');
    const refused = await save(ana, 'post', one);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(BOOKMARK_LIMIT_REACHED);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bookmarks where user_id = ${ana.id}`,
    );
    expect(Number(row?.n)).toBe(MAX_BOOKMARKS);
  });
});
