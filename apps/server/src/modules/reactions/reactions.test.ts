import { REACTORS_PAGE_SIZE } from '@lunara/shared/reactions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/server-process.ts';
import { createTestApp, type TestApp, type TestMember, withSecondProcess } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { queryRows } from '../../db/client.ts';
import { posts, userPoints } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import { eraseAccount } from '../account-data/delete-account.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let n = 0;
async function member(name = 'Sister'): Promise<TestMember> {
  const m = await t.signUpSubscriber();
  n += 1;
  await t.database.db
    .update(profiles)
    .set({ displayName: `${name} Reacts ${n}` })
    .where(eq(profiles.id, m.id));
  return m;
}
const post = async (who: TestMember, title = 'Full moon bath') => {
  const response = await t.api(who, 'POST', '/api/posts', { title, content: `${title} body` });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const react = (who: TestMember, postId: string, reaction: string) =>
  t.api(who, 'PUT', `/api/posts/${postId}/reactions/${reaction}`);
const unreact = (who: TestMember, postId: string, reaction: string) =>
  t.api(who, 'DELETE', `/api/posts/${postId}/reactions/${reaction}`);
const reactors = async (who: TestMember, postId: string, reaction: string, cursor?: string) =>
  t.api(who, 'GET', `/api/posts/${postId}/reactions?reaction=${reaction}${cursor ? `&cursor=${cursor}` : ''}`);
const pointsOf = async (id: string) =>
  (await t.database.db.select().from(userPoints).where(eq(userPoints.userId, id)))[0]?.points ?? 0;
const rowsOf = async (postId: string) =>
  queryRows<{ user_id: string; reaction: string }>(
    t.database.db,
    sql`select user_id, reaction from post_reactions where post_id = ${postId}`,
  );

describe('reactions on a post', () => {
  it('toggle per member and reaction, several per member, with counts and her own on the feed and the post', async () => {
    const [author, ana, bea] = [await member('Author'), await member('Ana'), await member('Bea')];
    const id = await post(author, 'Reactions toggle');
    const first = await react(ana, id, 'heart');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reactionCounts: { heart: 1 }, myReactions: ['heart'] });
    expect((await react(ana, id, 'moon')).json()).toEqual({
      reactionCounts: { heart: 1, moon: 1 },
      myReactions: ['heart', 'moon'],
    });
    expect((await react(bea, id, 'heart')).json()).toEqual({
      reactionCounts: { heart: 2, moon: 1 },
      myReactions: ['heart'],
    });

    const feedItem = (await t.api(ana, 'GET', '/api/posts')).json().items.find((p: { id: string }) => p.id === id);
    expect(feedItem).toMatchObject({ reactionCounts: { heart: 2, moon: 1 }, myReactions: ['heart', 'moon'] });
    // The first page is shared between viewers: her reactions are hers alone.
    const beaItem = (await t.api(bea, 'GET', '/api/posts')).json().items.find((p: { id: string }) => p.id === id);
    expect(beaItem).toMatchObject({ reactionCounts: { heart: 2, moon: 1 }, myReactions: ['heart'] });
    expect((await t.api(author, 'GET', `/api/posts/${id}`)).json()).toMatchObject({ myReactions: [] });

    const off = await unreact(ana, id, 'heart');
    expect(off.json()).toEqual({ reactionCounts: { heart: 1, moon: 1 }, myReactions: ['moon'] });
    // Taking back one she never gave changes nothing.
    expect((await unreact(ana, id, 'fire')).json()).toEqual({
      reactionCounts: { heart: 1, moon: 1 },
      myReactions: ['moon'],
    });
    expect((await t.api(ana, 'GET', `/api/posts/${id}`)).json()).toMatchObject({
      reactionCounts: { heart: 1, moon: 1 },
      myReactions: ['moon'],
    });
  });

  it('stay one row on a double submit, and give no points nor touch the like', async () => {
    const [author, ana] = [await member('Author'), await member('Ana')];
    const id = await post(author, 'No points for reactions');
    const before = await pointsOf(author.id);
    const [a, b] = await Promise.all([react(ana, id, 'sparkles'), react(ana, id, 'sparkles')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await rowsOf(id)).toHaveLength(1);
    expect((await react(ana, id, 'sparkles')).json().reactionCounts).toEqual({ sparkles: 1 });
    expect(await pointsOf(author.id)).toBe(before);
    const seen = (await t.api(ana, 'GET', `/api/posts/${id}`)).json();
    expect(seen).toMatchObject({ likesCount: 0, likedByMe: false });
    // Her own post: she may react to it too.
    expect((await react(author, id, 'hug')).statusCode).toBe(200);
    expect(await pointsOf(author.id)).toBe(before);
  });

  it('refuse an unknown reaction (400), an unknown post (404), and visitors and free members', async () => {
    const [author, ana] = [await member('Author'), await member('Ana')];
    const id = await post(author);
    const bad = await react(ana, id, 'thumbsdown');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Choose one of the reactions');
    expect((await reactors(ana, id, 'nope')).statusCode).toBe(400);
    expect((await react(ana, '00000000-0000-4000-8000-000000000000', 'heart')).statusCode).toBe(404);
    expect((await react(ana, 'not-a-post', 'heart')).statusCode).toBe(400);
    expect((await t.api(undefined, 'PUT', `/api/posts/${id}/reactions/heart`)).statusCode).toBe(401);
    expect((await t.api(await t.signUp(), 'PUT', `/api/posts/${id}/reactions/heart`)).statusCode).toBe(403);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('answer 404 across a block both ways and on a post reports hide; taking hers back still removes it', async () => {
    const [author, ana, bea] = [await member('Author'), await member('Ana'), await member('Bea')];
    const id = await post(author, 'Blocked reactions');
    expect((await react(ana, id, 'fire')).statusCode).toBe(200);
    await t.api(author, 'PUT', `/api/blocks/${ana.id}`);
    const blocked = await react(ana, id, 'heart');
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json().error.message).toBe('This post no longer exists');
    expect((await reactors(ana, id, 'fire')).statusCode).toBe(404);
    // Her reaction goes, and the answer is the 404 of a gone post: no counts, nothing to tell it exists.
    const takenBack = await unreact(ana, id, 'fire');
    expect(takenBack.statusCode).toBe(404);
    expect(takenBack.body).not.toContain('reactionCounts');
    expect(await rowsOf(id)).toHaveLength(0);
    // The other way round: the member who blocked cannot react to the blocked member's post either.
    const anasPost = await post(ana, 'Anas post');
    expect((await react(author, anasPost, 'heart')).statusCode).toBe(404);

    const hidden = await post(author, 'Hidden by reports');
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden));
    expect((await react(bea, hidden, 'moon')).statusCode).toBe(404);
    expect((await reactors(bea, hidden, 'moon')).statusCode).toBe(404);
    expect((await unreact(bea, hidden, 'moon')).statusCode).toBe(404);
    expect((await react(author, hidden, 'moon')).statusCode).toBe(200);
    expect(await rowsOf(hidden)).toHaveLength(1);
  });
});

describe('who reacted', () => {
  it('lists names per reaction, newest first, paged, without members either side of a block', async () => {
    const author = await member('Author');
    const id = await post(author, 'Many hearts');
    const givers: TestMember[] = [];
    for (let i = 0; i < REACTORS_PAGE_SIZE + 3; i++) {
      const giver = await member(`Giver${i}`);
      givers.push(giver);
      expect((await react(giver, id, 'heart')).statusCode).toBe(200);
    }
    const viewer = await member('Viewer');
    const [blockedByViewer, blockerOfViewer] = [givers[0] as TestMember, givers[1] as TestMember];
    await t.api(viewer, 'PUT', `/api/blocks/${blockedByViewer.id}`);
    await t.api(blockerOfViewer, 'PUT', `/api/blocks/${viewer.id}`);

    const first = (await reactors(viewer, id, 'heart')).json();
    expect(first.items).toHaveLength(REACTORS_PAGE_SIZE);
    expect(first.items[0].displayName).toMatch(/^Giver22 Reacts/);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await reactors(viewer, id, 'heart', first.nextCursor)).json();
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((item: { id: string }) => item.id);
    // Two of the givers are left out, in the statement: the first page is still full.
    expect(seen).toHaveLength(REACTORS_PAGE_SIZE + 1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(blockedByViewer.id);
    expect(seen).not.toContain(blockerOfViewer.id);
    // Another reaction's list is its own; a forged cursor is a 400.
    expect((await reactors(viewer, id, 'moon')).json()).toEqual({ items: [], nextCursor: null });
    expect((await reactors(viewer, id, 'heart', 'forged')).statusCode).toBe(400);
  });
});

describe('reactions and deletion', () => {
  it('go with a deleted post, and with a deleted account (the counts follow)', async () => {
    const [author, ana, bea] = [await member('Author'), await member('Ana'), await member('Bea')];
    const id = await post(author, 'Deleted later');
    await react(ana, id, 'heart');
    await t.api(author, 'DELETE', `/api/posts/${id}`);
    expect(await rowsOf(id)).toHaveLength(0);
    const [counts] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from post_reaction_counts where post_id = ${id}`,
    );
    expect(Number(counts?.n)).toBe(0);

    const kept = await post(author, 'Stays');
    await react(ana, kept, 'heart');
    await react(bea, kept, 'heart');
    await react(bea, kept, 'moon');
    await t.database.db.transaction((tx) => eraseAccount(tx, bea.id, false));
    expect((await t.api(ana, 'GET', `/api/posts/${kept}`)).json()).toMatchObject({ reactionCounts: { heart: 1 } });
  });
});

describe('the shared first page', () => {
  it.runIf(testDatabaseKind === 'postgres')(
    'hears reactions and saves made through another process (each viewer her own)',
    () =>
      withSecondProcess(t, async ({ app: other }) => {
        const [author, fan] = [await member('Author'), await member('Fan')];
        const id = await post(author, 'Across processes, reacted');
        type Item = { id: string; reactionCounts: object; myReactions: string[]; savedByMe: boolean };
        const read = async (who: TestMember): Promise<Item | undefined> =>
          (
            (await other.inject({ method: 'GET', url: '/api/posts', headers: { cookie: who.cookie } })).json()
              .items as Item[]
          ).find((item) => item.id === id);
        await waitFor(async () => Boolean(await read(fan)), 5_000, 'the post in the cached page');
        expect((await react(fan, id, 'moon')).statusCode).toBe(200);
        expect((await t.api(fan, 'PUT', `/api/bookmarks/posts/${id}`)).statusCode).toBe(200);
        await waitFor(
          async () => {
            const seen = await read(fan);
            return seen?.myReactions.includes('moon') === true && seen.savedByMe;
          },
          5_000,
          'her reaction and save to arrive',
        );
        expect(await read(author)).toMatchObject({ reactionCounts: { moon: 1 }, myReactions: [], savedByMe: false });
      }),
  );
});
