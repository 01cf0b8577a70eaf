import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/server-process.ts';
import { createTestApp, type TestApp, type TestMember, withSecondProcess } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { posts } from '../../db/schema/community.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface FeedPost {
  id: string;
  title: string;
  likesCount: number;
  commentsCount: number;
  isPinned: boolean;
  likedByMe: boolean;
  author: { displayName: string };
}
const firstPage = async (member: TestMember): Promise<FeedPost[]> =>
  (await t.api(member, 'GET', '/api/posts')).json().items;
const share = async (member: TestMember, title: string): Promise<FeedPost> =>
  (await t.api(member, 'POST', '/api/posts', { title, content: `${title}, in a few words` })).json();
// Without the triggers' notices only this process's own clearing is left: what a member sees right
// after her own write must not wait for the notice, which can arrive after the answer.
async function withoutNotices(run: () => Promise<void>) {
  const set = async (state: 'disable' | 'enable') => {
    for (const table of ['posts', 'post_likes', 'profiles']) {
      await t.database.db.execute(sql.raw(`alter table ${table} ${state} trigger ${table}_feed_notice`));
    }
  };
  await set('disable');
  try {
    await run();
  } finally {
    await set('enable');
  }
}
const shown = async (member: TestMember, postId: string) =>
  (await firstPage(member)).find((post) => post.id === postId);

// The first page is kept in memory, shared by every member, with each member's likes beside it
// (decision 015); these say it never shows anyone a stale or someone else's page.
describe('the feed’s cached first page', () => {
  it('shows a member’s own post and like at once, and each member only her own likes', () =>
    withoutNotices(async () => {
      const author = await t.signUpSubscriber();
      const fan = await t.signUpSubscriber();
      const bystander = await t.signUpSubscriber();
      await firstPage(fan); // cached before the post
      const created = await share(author, 'New moon intentions');
      // No waiting: the answer to each next request already knows.
      expect((await shown(author, created.id))?.title).toBe('New moon intentions');
      expect(await shown(fan, created.id)).toMatchObject({ likesCount: 0, likedByMe: false });

      expect((await t.api(fan, 'PUT', `/api/posts/${created.id}/like`)).statusCode).toBe(200);
      expect(await shown(fan, created.id)).toMatchObject({ likesCount: 1, likedByMe: true });
      expect(await shown(author, created.id)).toMatchObject({ likesCount: 1, likedByMe: false });
      expect(await shown(bystander, created.id)).toMatchObject({ likesCount: 1, likedByMe: false });

      expect((await t.api(fan, 'DELETE', `/api/posts/${created.id}/like`)).statusCode).toBe(200);
      expect(await shown(fan, created.id)).toMatchObject({ likesCount: 0, likedByMe: false });
    }));

  it('shows comments, pins, renames and deletions as they happen', async () => {
    const author = await t.signUpSubscriber();
    const reader = await t.signUpSubscriber();
    const moderator = await t.signUpSubscriber('moderator');
    const created = await share(author, 'Moon water');
    await firstPage(reader);

    const commented = await t.api(reader, 'POST', `/api/posts/${created.id}/comments`, { content: 'Lovely' });
    expect(commented.statusCode).toBe(200);
    expect((await shown(author, created.id))?.commentsCount).toBe(1);

    const renamed = await t.api(author, 'PUT', '/api/profiles/me', { displayName: 'Luna Renamed', bio: '' });
    expect(renamed.statusCode).toBe(200);
    expect((await shown(reader, created.id))?.author.displayName).toBe('Luna Renamed');

    // A newer post would push it down; pinned, it stays on top.
    await share(reader, 'A newer note');
    expect((await t.api(moderator, 'PUT', `/api/posts/${created.id}/pin`, { isPinned: true })).statusCode).toBe(200);
    expect((await firstPage(reader))[0]).toMatchObject({ id: created.id, isPinned: true });
    expect((await t.api(moderator, 'PUT', `/api/posts/${created.id}/pin`, { isPinned: false })).statusCode).toBe(200);

    expect((await t.api(author, 'DELETE', `/api/posts/${created.id}`)).statusCode).toBe(200);
    expect(await shown(reader, created.id)).toBeUndefined();
  });

  it('hears a change written straight to the database by another writer', async () => {
    const member = await t.signUpSubscriber();
    const created = await share(member, 'Before the edit');
    expect((await shown(member, created.id))?.title).toBe('Before the edit');
    // Not through this app: only the trigger's notice can tell it.
    await t.database.db.update(posts).set({ title: 'After the edit' }).where(eq(posts.id, created.id));
    await waitFor(async () => (await shown(member, created.id))?.title === 'After the edit', 5_000, 'the edit to show');
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'costs no statement once cached, and hears likes and posts made through another process',
    () =>
      withSecondProcess(t, async ({ app: other, statements }) => {
        const author = await t.signUpSubscriber();
        const fan = await t.signUpSubscriber();
        const created = await share(author, 'Across processes');
        const read = async (member: TestMember): Promise<FeedPost[]> =>
          (await other.inject({ method: 'GET', url: '/api/posts', headers: { cookie: member.cookie } })).json().items;
        const feedQueries = () => statements.filter((query) => /"posts"|"post_likes"/.test(query));
        await read(fan);
        await waitFor(
          async () => {
            statements.length = 0;
            return (await read(fan)).some((post) => post.id === created.id) && feedQueries().length === 0;
          },
          5_000,
          'an answer from the cached page',
        );

        // Written through the first process: the second hears it from the database and reads again.
        expect((await t.api(fan, 'PUT', `/api/posts/${created.id}/like`)).statusCode).toBe(200);
        await waitFor(
          async () => (await read(fan)).find((post) => post.id === created.id)?.likedByMe === true,
          5_000,
          'the like to arrive',
        );
        expect((await read(author)).find((post) => post.id === created.id)).toMatchObject({
          likesCount: 1,
          likedByMe: false,
        });
        const newer = await share(author, 'Newer still');
        await waitFor(async () => (await read(fan))[0]?.id === newer.id, 5_000, 'the new post to arrive');
      }),
  );

  it('answers the first page and the next in the same order as ever', async () => {
    const member = await t.signUpSubscriber();
    for (let i = 0; i < 3; i++) await share(member, `Order ${i}`);
    const first = (await t.api(member, 'GET', '/api/posts')).json();
    const expected = await t.database.db
      .select({ id: posts.id })
      .from(posts)
      .orderBy(sql`is_pinned desc, created_at desc, id desc`)
      .limit(first.items.length);
    expect(first.items.map((post: FeedPost) => post.id)).toEqual(expected.map((row) => row.id));
    if (first.nextCursor) {
      const next = (await t.api(member, 'GET', `/api/posts?cursor=${encodeURIComponent(first.nextCursor)}`)).json();
      const ids = new Set(first.items.map((post: FeedPost) => post.id));
      expect(next.items.every((post: FeedPost) => !ids.has(post.id))).toBe(true);
    }
  });
});
