import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { postComments, postLikes, posts, userPoints } from '../../db/schema/community.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { notifyPostLike } from '../notifications/like-notification.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const subscriber = () => t.signUpSubscriber();
const api = (
  member: TestMember | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => t.request({ method, url, cookie: member?.cookie, payload: method === 'GET' ? undefined : (payload ?? {}) });
const post = async (member: TestMember, title = 'A moon note', content = 'Grateful tonight') =>
  (await api(member, 'POST', '/api/posts', { title, content })).json();
const pointsOf = async (userId: string) =>
  (await t.database.db.select().from(userPoints).where(eq(userPoints.userId, userId)))[0];

describe('who may use the feed', () => {
  it('answers 401 to a visitor and 403 to a free member; admins pass', async () => {
    expect((await api(undefined, 'GET', '/api/posts')).statusCode).toBe(401);
    const free = await t.signUp();
    expect((await api(free, 'GET', '/api/posts')).statusCode).toBe(403);
    expect((await api(free, 'POST', '/api/posts', { title: 'x', content: 'y' })).statusCode).toBe(403);
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    expect((await api(admin, 'GET', '/api/posts')).statusCode).toBe(200);
  });
});

describe('a post on its own page', () => {
  it("is read by id with the viewer's like; a deleted or unknown post is a 404 that says so", async () => {
    const [author, reader] = [await subscriber(), await subscriber()];
    const created = await post(author, 'Its own page', 'Linked from a notification');
    await api(reader, 'PUT', `/api/posts/${created.id}/like`);
    const read = await api(reader, 'GET', `/api/posts/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: created.id, title: 'Its own page', likesCount: 1, likedByMe: true });
    expect((await api(author, 'GET', `/api/posts/${created.id}`)).json().likedByMe).toBe(false);
    expect((await api(undefined, 'GET', `/api/posts/${created.id}`)).statusCode).toBe(401);
    expect((await api(await t.signUp(), 'GET', `/api/posts/${created.id}`)).statusCode).toBe(403);
    await api(author, 'DELETE', `/api/posts/${created.id}`);
    const gone = await api(reader, 'GET', `/api/posts/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('This post no longer exists');
    expect((await api(reader, 'GET', '/api/posts/not-a-post')).statusCode).toBe(400);
  });
});

describe('posts', () => {
  it('refuse blank fields with "Please fill in all fields" and save nothing', async () => {
    const member = await subscriber();
    for (const body of [{ title: '  ', content: 'x' }, { title: 'x', content: '\n\t ' }, { title: 'x' }]) {
      const response = await api(member, 'POST', '/api/posts', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Please fill in all fields');
    }
    const [row] = await t.database.db.select({ n: count() }).from(posts).where(eq(posts.userId, member.id));
    expect(row?.n).toBe(0);
  });

  it('are created trimmed, in "general" by default, paying +10 and the first_post badge', async () => {
    const member = await subscriber();
    const created = await post(member, '  New moon intentions  ', '  Planting seeds  ');
    expect(created).toMatchObject({
      title: 'New moon intentions',
      content: 'Planting seeds',
      category: 'general',
      likesCount: 0,
      likedByMe: false,
    });
    expect(created.author.id).toBe(member.id);
    const points = await pointsOf(member.id);
    expect(points).toMatchObject({ postsCount: 1 });
    expect(points?.points).toBeGreaterThanOrEqual(10);
    expect(points?.badges).toEqual(expect.arrayContaining(['welcome', 'first_post']));
    const other = await api(member, 'POST', '/api/posts', { title: 'x', content: 'y', category: 'nonsense' });
    expect(other.statusCode).toBe(400);
  });

  it('page newest first with a cursor, pinned posts on top', async () => {
    const member = await subscriber();
    const moderator = await subscriber();
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
    const first = await post(member, 'Oldest of the batch');
    for (let i = 0; i < 22; i++) await post(member, `Batch ${i}`);
    const pinned = await api(moderator, 'PUT', `/api/posts/${first.id}/pin`, { isPinned: true });
    expect(pinned.statusCode).toBe(200);

    const page1 = (await api(member, 'GET', '/api/posts')).json();
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0].id).toBe(first.id);
    expect(page1.items[1].title).toBe('Batch 21');
    expect(page1.nextCursor).toBeTruthy();
    const page2 = (await api(member, 'GET', `/api/posts?cursor=${page1.nextCursor}`)).json();
    const ids = new Set([...page1.items, ...page2.items].map((item: { id: string }) => item.id));
    expect(ids.size).toBe(page1.items.length + page2.items.length);
    expect((await api(member, 'GET', '/api/posts?cursor=garbage')).statusCode).toBe(400);
  });

  it('are pinned only by moderators and admins', async () => {
    const member = await subscriber();
    const created = await post(member);
    const response = await api(member, 'PUT', `/api/posts/${created.id}/pin`, { isPinned: true });
    expect(response.statusCode).toBe(403);
  });

  it('are deleted by their author or a moderator (audited), not by another member', async () => {
    const author = await subscriber();
    const other = await subscriber();
    const moderator = await subscriber();
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
    const mine = await post(author);
    expect((await api(other, 'DELETE', `/api/posts/${mine.id}`)).statusCode).toBe(403);
    expect((await api(author, 'DELETE', `/api/posts/${mine.id}`)).statusCode).toBe(200);
    expect((await api(author, 'DELETE', `/api/posts/${mine.id}`)).statusCode).toBe(404);
    const second = await post(author);
    expect((await api(moderator, 'DELETE', `/api/posts/${second.id}`)).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, second.id));
    expect(entry).toMatchObject({ actorId: moderator.id, action: 'post.delete' });
  });
});

describe('paging', () => {
  it('loses and repeats nothing when posts and comments are microseconds apart', async () => {
    const member = await subscriber();
    const marker = `Same millisecond ${Date.now()}`;
    // 45 posts and 120 comments, all within one millisecond: a page boundary falls inside it.
    await t.database.db.execute(
      sql`insert into posts (user_id, title, content, created_at)
          select ${member.id}, ${marker} || ' ' || n, 'x', timestamptz '2000-01-01 00:00:00.123' + n * interval '1 microsecond'
          from generate_series(1, 45) n`,
    );
    const [first] = await t.database.db
      .select()
      .from(posts)
      .where(eq(posts.title, `${marker} 1`));
    await t.database.db.execute(
      sql`insert into post_comments (post_id, user_id, content, created_at)
          select ${first?.id}, ${member.id}, 'c' || n, timestamptz '2000-01-01 00:00:00.500' + n * interval '1 microsecond'
          from generate_series(1, 120) n`,
    );
    const collect = async (url: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (
          await api(member, 'GET', `${url}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)
        ).json() as { items: Array<{ id: string; title?: string }>; nextCursor: string | null };
        seen.push(...page.items.filter((item) => !item.title || item.title.startsWith(marker)).map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const postIds = await collect('/api/posts');
    expect(postIds).toHaveLength(45);
    expect(new Set(postIds).size).toBe(45);
    const commentIds = await collect(`/api/posts/${first?.id}/comments`);
    expect(commentIds).toHaveLength(120);
    expect(new Set(commentIds).size).toBe(120);
  });
});

describe('likes', () => {
  it('toggle, pay the author +2 (back on unlike), notify her, and never pay for liking your own post', async () => {
    const author = await subscriber();
    const fan = await subscriber();
    const created = await post(author);
    const before = (await pointsOf(author.id))?.points ?? 0;

    expect((await api(fan, 'PUT', `/api/posts/${created.id}/like`)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await api(fan, 'PUT', `/api/posts/${created.id}/like`)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await pointsOf(author.id))?.points).toBe(before + 2);
    const feed = (await api(fan, 'GET', '/api/posts')).json();
    expect(feed.items.find((item: { id: string }) => item.id === created.id).likedByMe).toBe(true);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'post_like')));
    expect(notice?.message).toContain('liked your post');

    expect((await api(fan, 'DELETE', `/api/posts/${created.id}/like`)).json()).toEqual({ liked: false, likesCount: 0 });
    expect((await pointsOf(author.id))?.points).toBe(before);

    await api(author, 'PUT', `/api/posts/${created.id}/like`);
    expect((await pointsOf(author.id))?.points).toBe(before);
    const own = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'post_like')));
    expect(own).toHaveLength(1);
  });

  it('stay exact under 50 concurrent likes and unlikes from different members', async () => {
    const author = await subscriber();
    const created = await post(author);
    const members: TestMember[] = [];
    for (let i = 0; i < 50; i++) {
      const member = await t.signUp();
      await grantRoleByEmail(t.database.db, member.email, 'admin');
      members.push(member);
    }
    await Promise.all(members.map((member) => api(member, 'PUT', `/api/posts/${created.id}/like`)));
    await Promise.all(
      members.map((member, index) => api(member, index % 2 ? 'DELETE' : 'PUT', `/api/posts/${created.id}/like`)),
    );
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, created.id));
    const [likes] = await t.database.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, created.id));
    expect(row?.likesCount).toBe(likes?.n);
    expect(likes?.n).toBe(25);
    expect((await pointsOf(author.id))?.likesReceived).toBe(25);
  }, 120_000);

  it('fold the first likes of a new post, sent at once, into one notice that counts every liker', async () => {
    const author = await subscriber();
    const created = await post(author);
    const likers: TestMember[] = [];
    for (let i = 0; i < 6; i++) likers.push(await subscriber());
    const answers = await Promise.all(likers.map((liker) => api(liker, 'PUT', `/api/posts/${created.id}/like`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(likers.map(() => 200));
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'post_like')));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(/ and 5 others liked your post/);
  });

  it('renew the notice for a new liker, never for one either of them blocked meanwhile', async () => {
    const author = await subscriber();
    const created = await post(author);
    const [first, blocked, later] = [await subscriber(), await subscriber(), await subscriber()];
    expect((await api(first, 'PUT', `/api/posts/${created.id}/like`)).statusCode).toBe(200);
    // A like already past its own block check when the block lands: the notice is not renewed for her.
    expect((await api(author, 'PUT', `/api/blocks/${blocked.id}`)).statusCode).toBe(200);
    const notice = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'post_like')));
    const like = (liker: TestMember, likerName: string) =>
      t.database.db.transaction((tx) =>
        notifyPostLike(tx, { authorId: author.id, likerId: liker.id, likerName, postId: created.id, postTitle: 'Hi' }),
      );
    const before = await notice();
    await like(blocked, 'Blocked Sister');
    expect(await notice()).toEqual(before);
    await like(later, 'Later Sister');
    expect((await notice())[0]?.message).toBe('Later Sister and 1 other liked your post "Hi"');
  });

  it.each([
    ['like', 'PUT', 'like'],
    ['comment', 'POST', 'comments'],
  ] as const)(
    'racing the post being deleted, each %s counts and is taken back, or answers that the post is gone',
    async (_kind, method, path) => {
      const author = await subscriber();
      const others: TestMember[] = [];
      for (let i = 0; i < 12; i++) {
        const member = await t.signUp();
        await grantRoleByEmail(t.database.db, member.email, 'admin');
        others.push(member);
      }
      const everyone = [author, ...others];
      const before = await Promise.all(everyone.map((member) => pointsOf(member.id)));
      for (let round = 0; round < 3; round++) {
        const created = await post(author);
        const send = (member: TestMember) =>
          api(member, method, `/api/posts/${created.id}/${path}`, { content: 'Here' });
        const answers = await Promise.all([
          ...others.slice(0, 6).map(send),
          api(author, 'DELETE', `/api/posts/${created.id}`),
          ...others.slice(6).map(send),
        ]);
        for (const answer of answers) expect([200, 204, 404]).toContain(answer.statusCode);
        const [likes] = await t.database.db
          .select({ n: count() })
          .from(postLikes)
          .where(eq(postLikes.postId, created.id));
        const [comments] = await t.database.db
          .select({ n: count() })
          .from(postComments)
          .where(eq(postComments.postId, created.id));
        expect([likes?.n, comments?.n]).toEqual([0, 0]);
      }
      // The posts' +10, each like's +2 and each comment's +5 went with them: everyone's totals are as before.
      const after = await Promise.all(everyone.map((member) => pointsOf(member.id)));
      const totals = (rows: typeof after) =>
        rows.map((row) => [row?.points ?? 0, row?.likesReceived ?? 0, row?.commentsCount ?? 0, row?.postsCount ?? 0]);
      expect(totals(after)).toEqual(totals(before));
    },
    120_000,
  );
});

describe('comments', () => {
  it('refuse a blank comment, and list oldest first with counts and points kept', async () => {
    const author = await subscriber();
    const sister = await subscriber();
    const created = await post(author);
    const blank = await api(sister, 'POST', `/api/posts/${created.id}/comments`, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Write a comment first');

    await api(sister, 'POST', `/api/posts/${created.id}/comments`, { content: 'First!' });
    await api(author, 'POST', `/api/posts/${created.id}/comments`, { content: 'Thank you' });
    const list = (await api(sister, 'GET', `/api/posts/${created.id}/comments`)).json();
    expect(list.items.map((comment: { content: string }) => comment.content)).toEqual(['First!', 'Thank you']);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, created.id));
    expect(row?.commentsCount).toBe(2);
    expect((await pointsOf(sister.id))?.commentsCount).toBe(1);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'post_comment')));
    expect(notices).toHaveLength(1);
  });

  it('keep comments_count exact under concurrent comments', async () => {
    const author = await subscriber();
    const created = await post(author);
    const sisters = await Promise.all(Array.from({ length: 12 }, () => subscriber()));
    await Promise.all(
      sisters.map((sister, i) => api(sister, 'POST', `/api/posts/${created.id}/comments`, { content: `Love ${i}` })),
    );
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, created.id));
    const list = (await api(author, 'GET', `/api/posts/${created.id}/comments`)).json();
    expect(row?.commentsCount).toBe(12);
    expect(list.items).toHaveLength(12);
  });

  it('are deleted by their author only (or a moderator)', async () => {
    const author = await subscriber();
    const other = await subscriber();
    const created = await post(author);
    const comment = (await api(author, 'POST', `/api/posts/${created.id}/comments`, { content: 'Mine' })).json();
    expect((await api(other, 'DELETE', `/api/comments/${comment.id}`)).statusCode).toBe(403);
    expect((await api(author, 'DELETE', `/api/comments/${comment.id}`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, created.id));
    expect(row?.commentsCount).toBe(0);
  });
});
