import { CIRCLE_NOT_FOUND, NOT_IN_CIRCLE } from '@lunara/shared/circles';
import { mentionToken } from '@lunara/shared/mentions';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { circleMemberships, circles } from '../../db/schema/circles.ts';
import { postComments, postLikes, posts, userPoints } from '../../db/schema/community.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { assertCanReadMedia } from '../media/media-access.ts';
import { sendNotificationDigests } from '../notifications/digest-service.ts';

/*
 * Issue 34: a circle's posts are its members' (and staff's). Two members of a circle (Ana, Bea) and one
 * member outside it (Cleo), walking every route that returns or touches a post.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface PostJson {
  id: string;
  title: string;
  likesCount: number;
  commentsCount: number;
  isPinned: boolean;
  createdAt: string;
  circle: { id: string; name: string } | null;
}

const api = (
  who: TestMember | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => t.api(who, method, url, body);
const POST_GONE = 'This post no longer exists';

let circleCount = 0;
async function makeCircle(isActive = true) {
  const [circle] = await t.database.db
    .insert(circles)
    .values({
      name: `Moon circle ${++circleCount}`,
      description: 'Inside: posts, chat, events',
      type: 'specialized', // joining is immediate
      focusArea: 'Moon work',
      maxMembers: 100,
      isActive,
    })
    .returning();
  if (!circle) throw new Error('no circle');
  return circle;
}
async function join(member: TestMember, circleId: string) {
  const joined = await api(member, 'POST', `/api/circles/${circleId}/join`);
  expect(joined.json()).toMatchObject({ status: 'approved' });
}
async function leave(member: TestMember, circleId: string) {
  expect((await api(member, 'DELETE', `/api/circles/${circleId}/membership`)).statusCode).toBe(200);
}
async function circlePost(member: TestMember, circleId: string, title = 'Inside the circle', content = 'Only for us') {
  const created = await api(member, 'POST', '/api/posts', { title, content, circleId });
  expect(created.statusCode).toBe(200);
  return created.json() as PostJson;
}
async function mainPost(member: TestMember, title = 'On the main feed') {
  return (await api(member, 'POST', '/api/posts', { title, content: 'For everyone' })).json() as PostJson;
}
/** Every page of a keyset-paged list, following its cursors. */
async function allPages(who: TestMember, url: string): Promise<{ items: PostJson[]; pages: number }> {
  const items: PostJson[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await api(who, 'GET', cursor ? `${url}${separator}cursor=${cursor}` : url);
    expect(response.statusCode).toBe(200);
    const page = response.json() as { items: PostJson[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { items, pages };
}
const idsOf = (items: Array<{ id: string }>) => items.map((item) => item.id);
const pointsOf = async (userId: string) =>
  (await t.database.db.select().from(userPoints).where(eq(userPoints.userId, userId)))[0]?.points ?? 0;
const notificationsOf = async (member: TestMember) =>
  (await api(member, 'GET', '/api/notifications')).json() as {
    notifications: Array<{ id: string; type: string; message: string; read: boolean; data: Record<string, unknown> }>;
    unreadCount: number;
  };
async function expectGone(response: { statusCode: number; json(): unknown }, message = POST_GONE) {
  expect(response.statusCode).toBe(404);
  expect((response.json() as { error: { message: string } }).error.message).toBe(message);
}

describe('posting in a circle', () => {
  it("is for its members: the post names its circle, pays +10 like any post; an outsider's is 403 and stores nothing", async () => {
    const [ana, cleo] = [await t.signUpSubscriber(), await t.signUpSubscriber()];
    const circle = await makeCircle();
    await join(ana, circle.id);
    const before = await pointsOf(ana.id);
    const created = await circlePost(ana, circle.id);
    expect(created.circle).toEqual({ id: circle.id, name: circle.name });
    expect(await pointsOf(ana.id)).toBe(before + 10);
    const [stored] = await t.database.db.select().from(posts).where(eq(posts.id, created.id));
    expect(stored?.circleId).toBe(circle.id);

    const refused = await api(cleo, 'POST', '/api/posts', {
      title: 'Let me in',
      content: 'Hello',
      circleId: circle.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(NOT_IN_CIRCLE);
    // Twice, as a double submit would: still nothing stored, no points.
    expect(
      (await api(cleo, 'POST', '/api/posts', { title: 'Again', content: 'Hi', circleId: circle.id })).statusCode,
    ).toBe(403);
    const [cleoPosts] = await t.database.db.select({ n: count() }).from(posts).where(eq(posts.userId, cleo.id));
    expect(cleoPosts?.n).toBe(0);
    expect(await pointsOf(cleo.id)).toBe(0);
  });

  it('refuses an unknown or archived circle with 404, to staff too, and a malformed id with 400', async () => {
    const [ana, moderator] = [await t.signUpSubscriber(), await t.signUpSubscriber('moderator')];
    const archived = await makeCircle();
    await join(ana, archived.id);
    await t.database.db.update(circles).set({ isActive: false }).where(eq(circles.id, archived.id));
    for (const who of [ana, moderator]) {
      for (const circleId of [archived.id, '00000000-0000-4000-8000-000000000000']) {
        const refused = await api(who, 'POST', '/api/posts', { title: 'x', content: 'y', circleId });
        expect(refused.statusCode).toBe(404);
        expect(refused.json().error.message).toBe(CIRCLE_NOT_FOUND);
      }
    }
    expect(
      (await api(ana, 'POST', '/api/posts', { title: 'x', content: 'y', circleId: 'not-a-circle' })).statusCode,
    ).toBe(400);
    const [stored] = await t.database.db.select({ n: count() }).from(posts).where(eq(posts.userId, ana.id));
    expect(stored?.n).toBe(0);
  });

  it('lets staff post in any active circle without joining it', async () => {
    const [admin, ana] = [await t.signUpSubscriber('admin'), await t.signUpSubscriber()];
    const circle = await makeCircle();
    await join(ana, circle.id);
    const created = await circlePost(admin, circle.id, 'From the team');
    expect(created.circle?.id).toBe(circle.id);
    expect(idsOf((await api(ana, 'GET', `/api/circles/${circle.id}/posts`)).json().items)).toContain(created.id);
  });
});

describe('a circle post and the member outside it', () => {
  it('never reaches her, by any route, while its members read, like, comment, react, save and report it', async () => {
    const [ana, bea, cleo] = [await t.signUpSubscriber(), await t.signUpSubscriber(), await t.signUpSubscriber()];
    const circle = await makeCircle();
    await join(ana, circle.id);
    await join(bea, circle.id);
    // More main-feed posts than a page (older than what follows), so the main feed has later pages than
    // its cached first one; a circle post among them (on a later page) and one newer (on the first page).
    const anHourAgo = Date.now() - 60 * 60 * 1000;
    await t.database.db.insert(posts).values(
      Array.from({ length: 21 }, (_, i) => ({
        userId: ana.id,
        title: `Filler ${i}`,
        content: 'Main feed',
        createdAt: new Date(anHourAgo + (i + 2) * 1000),
      })),
    );
    const [older] = await t.database.db
      .insert(posts)
      .values({ userId: ana.id, circleId: circle.id, title: 'Older', content: 'x', createdAt: new Date(anHourAgo) })
      .returning({ id: posts.id });
    const outside = await mainPost(ana, 'Everyone may read this');
    const inside = await circlePost(
      ana,
      circle.id,
      'Our circle only',
      `Welcome ${mentionToken('Bea', bea.id)} and ${mentionToken('Cleo', cleo.id)}`,
    );
    const comment = (await api(bea, 'POST', `/api/posts/${inside.id}/comments`, { content: 'So glad' })).json();
    expect((await api(bea, 'PUT', `/api/posts/${inside.id}/like`)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await api(bea, 'PUT', `/api/posts/${inside.id}/reactions/heart`)).statusCode).toBe(200);
    expect((await api(bea, 'PUT', `/api/bookmarks/posts/${inside.id}`)).json()).toEqual({ saved: true });

    // The members: its page, its circle's feed, "from your circles", their saved list.
    expect((await api(bea, 'GET', `/api/posts/${inside.id}`)).json()).toMatchObject({
      id: inside.id,
      circle: { id: circle.id, name: circle.name },
      likesCount: 1,
      commentsCount: 1,
    });
    expect(idsOf((await api(bea, 'GET', `/api/circles/${circle.id}/posts`)).json().items)).toEqual([
      inside.id,
      older?.id,
    ]);
    expect(idsOf((await api(bea, 'GET', '/api/posts/from-circles')).json().items)).toEqual([inside.id, older?.id]);
    const beaSaved = (await api(bea, 'GET', '/api/bookmarks')).json().items;
    expect(beaSaved.map((item: { post?: { id: string } }) => item.post?.id)).toEqual([inside.id]);

    // The main feed is the main feed's posts alone, for members and outsiders, the cached first page
    // (read twice: the second from memory) and every later page alike.
    for (const who of [cleo, bea, ana]) {
      for (let read = 0; read < 2; read++) {
        const first = (await api(who, 'GET', '/api/posts')).json();
        expect(idsOf(first.items)).toContain(outside.id);
        expect(idsOf(first.items)).not.toContain(inside.id);
        expect(first.nextCursor).not.toBeNull();
      }
      const { items, pages } = await allPages(who, '/api/posts');
      expect(pages).toBeGreaterThanOrEqual(2);
      expect(idsOf(items)).toContain(outside.id);
      expect(idsOf(items)).not.toContain(inside.id);
      expect(idsOf(items)).not.toContain(older?.id);
      expect(items.every((post) => post.circle === null)).toBe(true);
    }

    // Cleo, one route after another.
    await expectGone(await api(cleo, 'GET', `/api/posts/${inside.id}`));
    const circleFeed = await api(cleo, 'GET', `/api/circles/${circle.id}/posts`);
    expect(circleFeed.statusCode).toBe(403);
    expect(circleFeed.json().error.message).toBe(NOT_IN_CIRCLE);
    expect((await api(cleo, 'GET', '/api/posts/from-circles')).json()).toEqual({ items: [], nextCursor: null });
    await expectGone(await api(cleo, 'GET', `/api/posts/${inside.id}/comments`));
    await expectGone(await api(cleo, 'POST', `/api/posts/${inside.id}/comments`, { content: 'Hi!' }));
    await expectGone(
      await api(cleo, 'PATCH', `/api/comments/${comment.id}`, { content: 'Changed' }),
      'This comment no longer exists',
    );
    await expectGone(await api(cleo, 'DELETE', `/api/comments/${comment.id}`), 'This comment no longer exists');
    await expectGone(await api(cleo, 'PUT', `/api/posts/${inside.id}/like`));
    await expectGone(await api(cleo, 'DELETE', `/api/posts/${inside.id}/like`));
    await expectGone(await api(cleo, 'PUT', `/api/posts/${inside.id}/reactions/heart`));
    await expectGone(await api(cleo, 'DELETE', `/api/posts/${inside.id}/reactions/heart`));
    await expectGone(await api(cleo, 'GET', `/api/posts/${inside.id}/reactions?reaction=heart`));
    await expectGone(await api(cleo, 'PUT', `/api/bookmarks/posts/${inside.id}`));
    expect((await api(cleo, 'GET', '/api/bookmarks')).json().items).toEqual([]);
    await expectGone(await api(cleo, 'PATCH', `/api/posts/${inside.id}`, { title: 'Taken', content: 'Over' }));
    await expectGone(await api(cleo, 'DELETE', `/api/posts/${inside.id}`));
    for (const [targetType, targetId, message] of [
      ['post', inside.id, POST_GONE],
      ['comment', comment.id, 'This comment no longer exists'],
    ] as const) {
      await expectGone(await api(cleo, 'POST', '/api/reports', { targetType, targetId, reason: 'spam' }), message);
    }
    // Her profile counts only what the viewer may read.
    expect((await api(cleo, 'GET', `/api/profiles/${ana.id}`)).json().stats.postsCount).toBe(22);
    expect((await api(bea, 'GET', `/api/profiles/${ana.id}`)).json().stats.postsCount).toBe(24);
    // Mentioned in it, only the member was told.
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'mention'), sql`${notifications.data}->>'postId' = ${inside.id}`));
    expect(told.map((row) => row.userId)).toEqual([bea.id]);
    expect(JSON.stringify(await notificationsOf(cleo))).not.toContain(inside.id);

    // Nothing she tried changed anything.
    const [after] = await t.database.db.select().from(posts).where(eq(posts.id, inside.id));
    expect(after).toMatchObject({ likesCount: 1, commentsCount: 1, title: 'Our circle only' });
    const [likes] = await t.database.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, inside.id));
    expect(likes?.n).toBe(1);
    const [comments] = await t.database.db
      .select({ n: count() })
      .from(postComments)
      .where(eq(postComments.postId, inside.id));
    expect(comments?.n).toBe(1);
    // A member may report what she sees.
    expect(
      (await api(bea, 'POST', '/api/reports', { targetType: 'post', targetId: inside.id, reason: 'spam' })).statusCode,
    ).toBe(200);
  });

  it("keeps its pictures from her: a circle post's image is a 404 to an outsider, served to members and staff", async () => {
    const [ana, cleo, moderator] = [
      await t.signUpSubscriber(),
      await t.signUpSubscriber(),
      await t.signUpSubscriber('moderator'),
    ];
    const circle = await makeCircle();
    await join(ana, circle.id);
    const [image] = await t.database.db
      .insert(mediaFiles)
      .values({
        ownerId: ana.id,
        kind: 'post_image',
        status: 'ready',
        contentType: 'image/jpeg',
        fileName: 'altar.jpg',
        byteSize: 1000,
        width: 800,
        height: 600,
      })
      .returning({ id: mediaFiles.id });
    if (!image) throw new Error('no image');
    const created = (
      await api(ana, 'POST', '/api/posts', {
        title: 'Our altar',
        content: 'Candles',
        circleId: circle.id,
        images: [{ mediaId: image.id, alt: '' }],
      })
    ).json();
    expect(created.images.map((img: { id: string }) => img.id)).toEqual([image.id]);
    const media = { kind: 'post_image', ownerId: ana.id, postId: created.id, lessonId: null };
    const as = (member: TestMember, role: 'user' | 'moderator') => ({ id: member.id, role }) as SessionUser;
    await expect(assertCanReadMedia(t.database.db, as(ana, 'user'), media)).resolves.toBeUndefined();
    await expect(assertCanReadMedia(t.database.db, as(moderator, 'moderator'), media)).resolves.toBeUndefined();
    await expect(assertCanReadMedia(t.database.db, as(cleo, 'user'), media)).rejects.toMatchObject({
      statusCode: 404,
      message: 'That file does not exist',
    });
  });
});

describe('leaving a circle', () => {
  it('ends her access to its posts at her next request: page, feeds, saved list, likes, comments, notifications', async () => {
    const [ana, bea] = [await t.signUpSubscriber(), await t.signUpSubscriber()];
    const circle = await makeCircle();
    await join(ana, circle.id);
    await join(bea, circle.id);
    const inside = await circlePost(ana, circle.id, 'Before she left');
    await api(bea, 'PUT', `/api/posts/${inside.id}/like`);
    await api(bea, 'PUT', `/api/bookmarks/posts/${inside.id}`);
    const comment = (await api(bea, 'POST', `/api/posts/${inside.id}/comments`, { content: 'Mine' })).json();
    const mine = await circlePost(bea, circle.id, 'Her own circle post');
    expect(JSON.stringify(await notificationsOf(bea))).toContain(circle.id);

    await leave(bea, circle.id);

    await expectGone(await api(bea, 'GET', `/api/posts/${inside.id}`));
    expect((await api(bea, 'GET', `/api/circles/${circle.id}/posts`)).statusCode).toBe(403);
    expect(idsOf((await api(bea, 'GET', '/api/posts/from-circles')).json().items)).toEqual([]);
    expect((await api(bea, 'GET', '/api/bookmarks')).json().items).toEqual([]);
    await expectGone(await api(bea, 'GET', `/api/posts/${inside.id}/comments`));
    await expectGone(await api(bea, 'DELETE', `/api/posts/${inside.id}/like`));
    await expectGone(
      await api(bea, 'PATCH', `/api/comments/${comment.id}`, { content: 'Edited' }),
      'This comment no longer exists',
    );
    // Her own post in it is not hers to open, edit or delete any more (its members keep it).
    await expectGone(await api(bea, 'GET', `/api/posts/${mine.id}`));
    await expectGone(await api(bea, 'PATCH', `/api/posts/${mine.id}`, { title: 'Edited', content: 'Edited' }));
    await expectGone(await api(bea, 'DELETE', `/api/posts/${mine.id}`));
    expect((await api(ana, 'GET', `/api/posts/${mine.id}`)).statusCode).toBe(200);
    // Her notifications lead nowhere in the circle any more: gone from her list and count.
    const list = await notificationsOf(bea);
    expect(JSON.stringify(list)).not.toContain(circle.id);
    expect(JSON.stringify(list)).not.toContain(inside.id);
    // She is told of nothing new in it, and no longer named in it.
    await circlePost(ana, circle.id, `After she left ${mentionToken('Bea', bea.id)}`);
    expect(JSON.stringify(await notificationsOf(bea))).not.toContain(circle.id);
    const [anaLikes] = await t.database.db
      .select({ n: count() })
      .from(postLikes)
      .where(eq(postLikes.postId, inside.id));
    expect(anaLikes?.n).toBe(1);

    // Ana, the author, leaves too: a like or comment on her post no longer tells her.
    await leave(ana, circle.id);
    const moderator = await t.signUpSubscriber('moderator');
    await api(moderator, 'POST', `/api/posts/${inside.id}/comments`, { content: 'A moderator passing by' });
    const anaTold = await t.database.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.userId, ana.id), eq(notifications.type, 'post_comment')));
    // Bea's comment told her while she was in the circle; that notice went when she left, and none came since.
    expect(anaTold.length).toBe(0);
    expect(JSON.stringify(await notificationsOf(ana))).not.toContain(inside.id);
  });

  it('refuses a post sent while her leaving commits: it never lands in a circle she has left', async () => {
    const ana = await t.signUpSubscriber();
    const circle = await makeCircle();
    await join(ana, circle.id);
    let posting: ReturnType<typeof api> | undefined;
    // The leave's own order: the circle row, then her membership; the post comes after the delete and
    // before the commit, which waits long enough for the post to reach its check.
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(circles).where(eq(circles.id, circle.id)).for('update');
      await tx
        .delete(circleMemberships)
        .where(and(eq(circleMemberships.circleId, circle.id), eq(circleMemberships.userId, ana.id)));
      posting = api(ana, 'POST', '/api/posts', { title: 'As I leave', content: 'Too late', circleId: circle.id });
      await tx.execute(sql`select pg_sleep(0.5)`);
    });
    const refused = await posting;
    expect(refused?.statusCode).toBe(403);
    expect(refused?.json().error.message).toBe(NOT_IN_CIRCLE);
    const [stored] = await t.database.db.select({ n: count() }).from(posts).where(eq(posts.circleId, circle.id));
    expect(stored?.n).toBe(0);
  });

  it('keeps the digest from emailing what she can no longer open', async () => {
    const [ana, bea] = [await t.signUpSubscriber(), await t.signUpSubscriber()];
    const circle = await makeCircle();
    await join(ana, circle.id);
    await join(bea, circle.id);
    await circlePost(ana, circle.id, 'A digest would carry this');
    // Out of the circle by an admin's hand, as a removal would (no route of hers): the notification stays.
    await t.database.db.execute(
      sql`delete from circle_memberships where circle_id = ${circle.id} and user_id = ${bea.id}`,
    );
    const sent: Array<{ to: string; text?: string }> = [];
    const mailer = {
      send: async (mail: { to: string; text?: string }) => {
        sent.push(mail);
        return 'queued';
      },
    };
    await sendNotificationDigests(t.database.db, mailer as never, {
      productName: 'Lunara',
      communityUrl: 'https://lunara.example',
      now: new Date(Date.now() + 10 * 60 * 1000),
    });
    expect(sent.filter((mail) => mail.to === bea.email)).toEqual([]);
    const [row] = await t.database.db
      .select({ emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(and(eq(notifications.userId, bea.id), eq(notifications.type, 'circle_discussion')));
    expect(row?.emailedAt).not.toBeNull();
    // And her list leaves it out, though the row is still there.
    expect((await notificationsOf(bea)).notifications.filter((n) => n.type === 'circle_discussion')).toEqual([]);
  });
});

describe('staff and circle posts', () => {
  it('moderators and admins read, comment and delete them without joining; the main feed still leaves them out', async () => {
    const [ana, moderator, admin] = [
      await t.signUpSubscriber(),
      await t.signUpSubscriber('moderator'),
      await t.signUpSubscriber('admin'),
    ];
    const circle = await makeCircle();
    await join(ana, circle.id);
    const inside = await circlePost(ana, circle.id, 'Moderated here too');
    for (const staff of [moderator, admin]) {
      expect((await api(staff, 'GET', `/api/posts/${inside.id}`)).json().circle).toEqual({
        id: circle.id,
        name: circle.name,
      });
      expect(idsOf((await api(staff, 'GET', `/api/circles/${circle.id}/posts`)).json().items)).toEqual([inside.id]);
      expect((await api(staff, 'GET', `/api/posts/${inside.id}/comments`)).statusCode).toBe(200);
      expect(idsOf((await api(staff, 'GET', '/api/posts')).json().items)).not.toContain(inside.id);
    }
    expect((await api(moderator, 'PUT', `/api/posts/${inside.id}/pin`, { isPinned: true })).json().isPinned).toBe(true);
    expect((await api(admin, 'DELETE', `/api/posts/${inside.id}`)).statusCode).toBe(200);
    await expectGone(await api(ana, 'GET', `/api/posts/${inside.id}`));
  });
});

describe("a circle post's likes, comments and points", () => {
  it('work as on the main feed: counters, +2 a like, +5 a comment, the author told', async () => {
    const [ana, bea] = [await t.signUpSubscriber(), await t.signUpSubscriber()];
    const circle = await makeCircle();
    await join(ana, circle.id);
    await join(bea, circle.id);
    const inside = await circlePost(ana, circle.id, 'Count on us');
    const [anaBefore, beaBefore] = [await pointsOf(ana.id), await pointsOf(bea.id)];
    // A double click: one like.
    const [first, second] = await Promise.all([
      api(bea, 'PUT', `/api/posts/${inside.id}/like`),
      api(bea, 'PUT', `/api/posts/${inside.id}/like`),
    ]);
    expect([first.json().likesCount, second.json().likesCount]).toEqual([1, 1]);
    expect((await api(bea, 'POST', `/api/posts/${inside.id}/comments`, { content: 'Counted' })).statusCode).toBe(200);
    expect(await pointsOf(ana.id)).toBe(anaBefore + 2);
    expect(await pointsOf(bea.id)).toBe(beaBefore + 5);
    const read = (await api(ana, 'GET', `/api/posts/${inside.id}`)).json();
    expect(read).toMatchObject({ likesCount: 1, commentsCount: 1, likedByMe: false });
    const types = (await notificationsOf(ana)).notifications.map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['post_like', 'post_comment']));
    expect((await api(bea, 'DELETE', `/api/posts/${inside.id}/like`)).json()).toEqual({ liked: false, likesCount: 0 });
    expect(await pointsOf(ana.id)).toBe(anaBefore);
  });
});

describe("a circle's feed and From your circles", () => {
  it('page a circle feed as the main feed does (pinned first, then newest, hidden left out)', async () => {
    const [ana, moderator] = [await t.signUpSubscriber(), await t.signUpSubscriber('moderator')];
    const circle = await makeCircle();
    await join(ana, circle.id);
    const base = Date.now() - 60 * 60 * 1000;
    const inserted = await t.database.db
      .insert(posts)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          userId: ana.id,
          circleId: circle.id,
          title: `Circle ${i}`,
          content: 'In the circle',
          createdAt: new Date(base + i * 1000),
        })),
      )
      .returning({ id: posts.id });
    const oldest = inserted[0]?.id as string;
    const hidden = inserted[5]?.id as string;
    await api(moderator, 'PUT', `/api/posts/${oldest}/pin`, { isPinned: true });
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden));
    const { items, pages } = await allPages(ana, `/api/circles/${circle.id}/posts`);
    expect(pages).toBe(2);
    const expected = [oldest, ...inserted.map((row) => row.id).reverse()].filter(
      (id, i) => id !== hidden && !(i > 0 && id === oldest),
    );
    expect(idsOf(items)).toEqual(expected);
    const badCursor = await api(ana, 'GET', `/api/circles/${circle.id}/posts?cursor=nonsense`);
    expect(badCursor.statusCode).toBe(400);
    expect((await api(ana, 'GET', '/api/circles/not-a-circle/posts')).statusCode).toBe(400);
    await expectGone(
      await api(ana, 'GET', '/api/circles/00000000-0000-4000-8000-000000000000/posts'),
      CIRCLE_NOT_FOUND,
    );
  });

  it("From your circles: her circles' posts, newest first (pinned by their time), paged, never another circle's", async () => {
    const [ana, other] = [await t.signUpSubscriber(), await t.signUpSubscriber()];
    const [first, second, notHers] = [await makeCircle(), await makeCircle(), await makeCircle()];
    await join(ana, first.id);
    await join(ana, second.id);
    await join(other, notHers.id);
    const base = Date.now() - 2 * 60 * 60 * 1000;
    const rows = await t.database.db
      .insert(posts)
      .values(
        Array.from({ length: 36 }, (_, i) => ({
          userId: other.id,
          circleId: [first.id, second.id, notHers.id][i % 3],
          title: `Post ${i}`,
          content: 'Text',
          isPinned: i === 3,
          createdAt: new Date(base + i * 1000),
        })),
      )
      .returning({ id: posts.id, circleId: posts.circleId });
    const { items, pages } = await allPages(ana, '/api/posts/from-circles');
    expect(pages).toBe(2); // 24 of hers: 20 and 4
    const expected = rows
      .filter((row) => row.circleId !== notHers.id)
      .map((row) => row.id)
      .reverse();
    expect(idsOf(items)).toEqual(expected);
    expect(new Set(items.map((post) => post.circle?.id))).toEqual(new Set([first.id, second.id]));
    // She leaves one: its posts go from the list at once.
    await leave(ana, first.id);
    const after = await allPages(ana, '/api/posts/from-circles');
    expect(after.items.every((post) => post.circle?.id === second.id)).toBe(true);
    expect(after.items.length).toBe(12);
  });
});

describe('"New posts in" a circle', () => {
  it('tells its other members once per circle while unread, counting, under the Sacred Circles switch and blocks', async () => {
    const [ana, bea, dee, eve] = [
      await t.signUpSubscriber(),
      await t.signUpSubscriber(),
      await t.signUpSubscriber(),
      await t.signUpSubscriber(),
    ];
    const circle = await makeCircle();
    for (const member of [ana, bea, dee, eve]) await join(member, circle.id);
    await api(dee, 'PATCH', '/api/notifications/preferences', { circleNotifications: false });
    await api(eve, 'PUT', `/api/blocks/${ana.id}`);
    const circleNotices = async (member: TestMember) =>
      (await notificationsOf(member)).notifications.filter((n) => n.type === 'circle_discussion');

    await circlePost(ana, circle.id, 'First');
    await circlePost(ana, circle.id, 'Second');
    const [notice] = await circleNotices(bea);
    expect(await circleNotices(bea)).toHaveLength(1);
    expect(notice).toMatchObject({
      read: false,
      message: `2 new posts. Latest: ${ana.email.split('@')[0]} posted "Second"`,
      data: { circleId: circle.id, count: 2 },
    });
    expect((await notificationsOf(bea)).unreadCount).toBe(1);
    expect(await circleNotices(ana)).toEqual([]);
    expect(await circleNotices(dee)).toEqual([]);
    expect(await circleNotices(eve)).toEqual([]);

    // Read, then a new post: it counts from one again.
    await api(bea, 'POST', `/api/notifications/${notice?.id}/read`);
    await circlePost(bea, circle.id, 'Third, by Bea');
    const [again] = await circleNotices(ana);
    expect(again).toMatchObject({ read: false, data: { count: 1 } });
    await circlePost(ana, circle.id, 'Fourth');
    const [renewed] = await circleNotices(bea);
    expect(renewed).toMatchObject({ read: false, data: { count: 1 } });
    expect(renewed?.message).toBe(`${ana.email.split('@')[0]} posted "Fourth"`);

    // Two posts at once: each member still holds one notice, counting both.
    await Promise.all([circlePost(ana, circle.id, 'Fifth'), circlePost(bea, circle.id, 'Sixth')]);
    const [deeRows] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, dee.id), eq(notifications.type, 'circle_discussion')));
    expect(deeRows?.n).toBe(0);
    const [bea2] = await circleNotices(bea);
    expect(bea2?.data.count).toBe(2);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, bea.id), eq(notifications.collapseKey, `circle_posts:${circle.id}`)));
    expect(rows?.n).toBe(1);
  });
});
