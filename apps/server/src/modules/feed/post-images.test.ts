import { POST_IMAGES_UNAVAILABLE } from '@lunara/shared/feed';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { posts } from '../../db/schema/community.ts';
import { mediaDeletions, mediaFiles } from '../../db/schema/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface FeedImage {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}
interface FeedPost {
  id: string;
  images: FeedImage[];
}

/** What a finished `POST /api/media/post_image` leaves behind (the upload route is tested with media). */
async function uploaded(
  member: TestMember,
  {
    kind = 'post_image',
    status = 'ready',
    width = 1200,
  }: { kind?: 'post_image' | 'avatar'; status?: 'ready' | 'uploading'; width?: number } = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(mediaFiles)
    .values({
      ownerId: member.id,
      kind,
      status,
      contentType: 'image/jpeg',
      fileName: 'moon.jpg',
      byteSize: 1000,
      width,
      height: 800,
    })
    .returning({ id: mediaFiles.id });
  if (!row) throw new Error('no media row');
  return row.id;
}
const share = (member: TestMember, images: unknown, title = 'Full moon altar') =>
  t.api(member, 'POST', '/api/posts', { title, content: 'Candles and moon water', images });
const postsBy = async (member: TestMember) =>
  (await t.database.db.select({ n: count() }).from(posts).where(eq(posts.userId, member.id)))[0]?.n;
const attachedTo = async (mediaId: string) =>
  (await t.database.db.select({ postId: mediaFiles.postId }).from(mediaFiles).where(eq(mediaFiles.id, mediaId)))[0]
    ?.postId;

describe('images on posts', () => {
  it('are kept in the order sent with their alt text, on the answer, the post page and both feed pages', async () => {
    const author = await t.signUpSubscriber();
    const reader = await t.signUpSubscriber();
    const [first, second] = [await uploaded(author, { width: 2048 }), await uploaded(author, { width: 900 })];
    await t.api(reader, 'GET', '/api/posts'); // the first page cached before the post
    const response = await share(author, [
      { mediaId: second, alt: '  A candle by the window  ' },
      { mediaId: first, alt: '' },
    ]);
    expect(response.statusCode).toBe(200);
    const created: FeedPost = response.json();
    const expected = [
      { id: second, url: `/media/${second}`, width: 900, height: 800, alt: 'A candle by the window' },
      { id: first, url: `/media/${first}`, width: 2048, height: 800, alt: '' },
    ];
    expect(created.images).toEqual(expected);
    expect((await t.api(reader, 'GET', `/api/posts/${created.id}`)).json().images).toEqual(expected);
    const feed: FeedPost[] = (await t.api(reader, 'GET', '/api/posts')).json().items;
    expect(feed.find((post) => post.id === created.id)?.images).toEqual(expected);
    expect(feed.find((post) => post.id !== created.id)?.images ?? []).toEqual([]);

    // Pushed to the second page (read from the database after a cursor), it keeps them.
    for (let i = 0; i < 20; i++) expect((await share(reader, [], `Newer ${i}`)).statusCode).toBe(200);
    const page = (await t.api(reader, 'GET', '/api/posts')).json();
    expect(page.items.some((post: FeedPost) => post.id === created.id)).toBe(false);
    const next: FeedPost[] = (
      await t.api(reader, 'GET', `/api/posts?cursor=${encodeURIComponent(page.nextCursor)}`)
    ).json().items;
    expect(next.find((post) => post.id === created.id)?.images).toEqual(expected);
  });

  it("refuse someone else's upload, an unfinished one and one that is not a post image, creating nothing", async () => {
    const author = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const mine = await uploaded(author);
    for (const mediaId of [
      await uploaded(other),
      await uploaded(author, { status: 'uploading' }),
      await uploaded(author, { kind: 'avatar' }),
      crypto.randomUUID(),
    ]) {
      const response = await share(author, [
        { mediaId: mine, alt: '' },
        { mediaId, alt: '' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(POST_IMAGES_UNAVAILABLE);
      expect(await attachedTo(mediaId)).toBeFalsy();
    }
    expect(await postsBy(author)).toBe(0);
    // Her own image was not taken by the refused posts: it can still be shared.
    expect(await attachedTo(mine)).toBeNull();
    expect((await share(author, [{ mediaId: mine, alt: '' }])).statusCode).toBe(200);
  });

  it('refuse an image already on a post, also when two posts race for it (one wins)', async () => {
    const author = await t.signUpSubscriber();
    const image = await uploaded(author);
    const first = await share(author, [{ mediaId: image, alt: '' }]);
    expect(first.statusCode).toBe(200);
    const again = await share(author, [{ mediaId: image, alt: '' }], 'The same photo again');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(POST_IMAGES_UNAVAILABLE);
    expect(await attachedTo(image)).toBe(first.json().id);

    const raced = await uploaded(author);
    const answers = await Promise.all([1, 2, 3].map((n) => share(author, [{ mediaId: raced, alt: '' }], `Race ${n}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await postsBy(author)).toBe(2);
  });

  it('refuse more than four, or one image twice, with a message', async () => {
    const author = await t.signUpSubscriber();
    const five = [];
    for (let i = 0; i < 5; i++) five.push({ mediaId: await uploaded(author), alt: '' });
    const tooMany = await share(author, five);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('at most 4 images');
    const twice = await share(author, [five[0], five[0]]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain('An image is there twice');
    expect(await postsBy(author)).toBe(0);
    expect((await share(author, five.slice(0, 4))).json().images).toHaveLength(4);
  });

  it('go with their post: deleted rows, queued for deletion from storage', async () => {
    const author = await t.signUpSubscriber();
    const ids = [await uploaded(author), await uploaded(author)];
    const created = (
      await share(
        author,
        ids.map((mediaId) => ({ mediaId, alt: 'Moon' })),
      )
    ).json();
    expect((await t.api(author, 'DELETE', `/api/posts/${created.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids))).toEqual([]);
    const queued = await t.database.db
      .select({ mediaId: mediaDeletions.mediaId })
      .from(mediaDeletions)
      .where(inArray(mediaDeletions.mediaId, ids));
    expect(queued.map((row) => row.mediaId).sort()).toEqual([...ids].sort());
  });
});
