import { CIRCLE_NOT_FOUND, NOT_IN_CIRCLE } from '@lunara/shared/circles';
import { type createPostBodySchema, FEED_PAGE_SIZE, type Post, type PostPage } from '@lunara/shared/feed';
import type { PostImage } from '@lunara/shared/media';
import { POINTS } from '@lunara/shared/points';
import type { ReactionCounts, ReactionKey } from '@lunara/shared/reactions';
import { isModeratorRole, type Role } from '@lunara/shared/roles';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { type AnyColumn, and, desc, eq, inArray, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/database-errors.ts';
import { directRead, isoTime } from '../../db/direct-read.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { bookmarks } from '../../db/schema/bookmarks.ts';
import { circles } from '../../db/schema/circles.ts';
import { postComments, postLikes, posts } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { forbidden, notFound } from '../../errors.ts';
import {
  afterPinnedCursor,
  decodeCursor,
  encodeCursor,
  microsOf,
  PINNED_CURSOR,
  pinnedCursorValues,
} from '../../lib/cursor.ts';
import { circleAccessOf, circleContentVisible } from '../circles/circle-access.ts';
import { notifyMentions, withMemberNames } from '../mentions/mention-service.ts';
import { notifyPostLike } from '../notifications/like-notification.ts';
import { commentAwardKey, likeAwardKey, postAwardKey, unlikeAwardKey } from '../points/award-keys.ts';
import { reverseAwards } from '../points/ledger-service.ts';
import { adjustCounter, adjustCounters, awardAndCount } from '../points/member-points-service.ts';
import { loadReactionCounts, myReactionsColumn } from '../reactions/reaction-service.ts';
import { readActedPost } from './acted-post.ts';
import { notifyCircleDiscussion } from './circle-discussion-notification.ts';
import { attachPostImages, loadPostImages } from './post-images.ts';
import { assertPostVisible, canMemberSeePost, POST_GONE } from './post-visibility.ts';

/** Where migration 0010's triggers announce any change to what the feed's first page shows. */
export const FEED_CHANNEL = 'lunara_feed';

/** A post as the route's schema has validated it (trimmed, category defaulted). */
export type NewPost = z.output<typeof createPostBodySchema>;

export interface Actor {
  id: string;
  role: Role;
}

const sharedColumns = {
  id: posts.id,
  title: posts.title,
  content: posts.content,
  category: posts.category,
  isPinned: posts.isPinned,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  createdAt: isoTime(posts.createdAt),
  createdMicros: microsOf(posts.createdAt),
  editedAt: isoTime(posts.editedAt),
  authorId: posts.userId,
  authorName: profiles.displayName,
  authorAvatar: profiles.avatarUrl,
  circleId: posts.circleId,
  circleName: circles.name,
};

/** What is the viewer's own on a post: her like, her reactions, her save (an index probe each). */
const viewerMarkColumns = (postId: AnyColumn | SQL, viewerId: string | Placeholder) => ({
  likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${postId} and ${postLikes.userId} = ${viewerId})`,
  myReactions: myReactionsColumn(postId, viewerId),
  savedByMe: sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.postId} = ${postId} and ${bookmarks.userId} = ${viewerId})`,
});

export const postColumns = (viewerId: string | Placeholder) => ({
  ...sharedColumns,
  ...viewerMarkColumns(posts.id, viewerId),
});

/** A post as every member sees it: whether the viewer liked it is hers alone. */
export interface SharedPostRow {
  id: string;
  title: string;
  content: string;
  category: string;
  isPinned: boolean;
  likesCount: number;
  commentsCount: number;
  createdAt: string;
  createdMicros: string;
  /** Null until its author edits it. */
  editedAt: string | null;
  authorId: string;
  authorName: string | null;
  authorAvatar: string | null;
  /** The circle it was posted in (null: the main feed), and that circle's name. */
  circleId: string | null;
  circleName: string | null;
}

/** A post's row with its images, as every member sees it (what the first-page cache keeps). */
export interface SharedPost extends SharedPostRow {
  images: PostImage[];
  reactionCounts: ReactionCounts;
}

export interface PostRow extends SharedPost {
  likedByMe: boolean;
  /** The reactions she gave, comma-separated (one text column reads the same through every driver). */
  myReactions: string | null;
  savedByMe: boolean;
}

/** Puts each post's images and reaction counts beside it, read for the whole page at once. */
export async function withImages<Row extends SharedPostRow>(
  db: Db,
  rows: Row[],
): Promise<(Row & { images: PostImage[]; reactionCounts: ReactionCounts })[]> {
  const ids = rows.map((row) => row.id);
  const [images, counts] = await Promise.all([loadPostImages(db, ids), loadReactionCounts(db, ids)]);
  return rows.map((row) => ({ ...row, images: images.get(row.id) ?? [], reactionCounts: counts.get(row.id) ?? {} }));
}

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category as Post['category'],
    isPinned: row.isPinned,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    createdAt: row.createdAt,
    author: {
      id: row.authorId,
      displayName: row.authorName ?? 'Sacred Sister',
      avatarUrl: servedAvatarUrl(row.authorAvatar),
    },
    likedByMe: Boolean(row.likedByMe),
    reactionCounts: row.reactionCounts,
    myReactions: (row.myReactions ? row.myReactions.split(',') : []) as ReactionKey[],
    savedByMe: Boolean(row.savedByMe),
    images: row.images,
    editedAt: row.editedAt ?? null,
    circle: row.circleId ? { id: row.circleId, name: row.circleName ?? '' } : null,
  };
}

/** One page of the feed from its rows (one more than a page, to know whether another follows). */
export function toPostPage(rows: PostRow[]): PostPage {
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toPost),
    nextCursor:
      rows.length > FEED_PAGE_SIZE && last ? encodeCursor([last.isPinned, last.createdMicros, last.id]) : null,
  };
}

// The feed is the busiest read: its statements are built once per database, not per request, and run
// straight through the driver.
export const feedOrder = [desc(posts.isPinned), desc(posts.createdAt), desc(posts.id)];
const feedPageAfter = directRead((db) =>
  db
    .select(postColumns(sql.placeholder('viewer')))
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(circles, eq(circles.id, posts.circleId))
    // The main feed alone (a circle's posts are its members'): the partial index posts_feed_idx needs
    // `circle_id is null` in the statement.
    .where(
      and(isNull(posts.circleId), isNull(posts.hiddenAt), afterPinnedCursor(posts.isPinned, posts.createdAt, posts.id)),
    )
    .orderBy(...feedOrder)
    .limit(builderLimit(FEED_PAGE_SIZE + 1)),
);
/**
 * The feed's first page as every member sees it (pinned posts first, then newest), without the
 * viewer's likes: what `plugins/feed-cache.ts` keeps in memory.
 */
const sharedFirstPage: (db: Db) => Promise<SharedPostRow[]> = directRead((db) =>
  db
    .select(sharedColumns)
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(circles, eq(circles.id, posts.circleId))
    // Posts that reports hide are left out for everyone (the cached page is shared); their author and
    // staff still open them on their own page, marked. No circle's posts: the cached page is everyone's.
    .where(and(isNull(posts.circleId), isNull(posts.hiddenAt)))
    .orderBy(...feedOrder)
    .limit(builderLimit(FEED_PAGE_SIZE + 1)),
);
export async function loadSharedFirstPage(db: Db): Promise<SharedPost[]> {
  return withImages(db, await sharedFirstPage(db));
}

/** What is hers alone on a page of posts: her likes, her reactions, what she saved. */
export interface ViewerMarks {
  liked: ReadonlySet<string>;
  reacted: ReadonlyMap<string, string>;
  saved: ReadonlySet<string>;
}

/**
 * Her marks on each of these posts in one statement (three index probes a post): every feed page reads
 * them, and three statements side by side took three of the pool's connections and three round trips.
 */
const viewerMarksAmong = directRead((db) =>
  db
    .select({ postId: sql<string>`marked.id`, ...viewerMarkColumns(sql`marked.id`, sql.placeholder('viewer')) })
    .from(sql`unnest(${sql.placeholder('postIds')}::uuid[]) as marked(id)`),
);

/** Which of these posts the viewer liked, reacted to and saved. */
export async function loadViewerMarks(db: Db, viewerId: string, postIds: string[]): Promise<ViewerMarks> {
  const marks = { liked: new Set<string>(), reacted: new Map<string, string>(), saved: new Set<string>() };
  if (postIds.length === 0) return marks;
  for (const row of await viewerMarksAmong(db, { viewer: viewerId, postIds })) {
    if (row.likedByMe) marks.liked.add(row.postId);
    if (row.myReactions) marks.reacted.set(row.postId, row.myReactions);
    if (row.savedByMe) marks.saved.add(row.postId);
  }
  return marks;
}

/** The first page for one viewer: the shared rows with her likes, reactions and saves. */
export function firstPageFor(rows: SharedPost[], marks: ViewerMarks): PostPage {
  return toPostPage(
    rows.map((row) => ({
      ...row,
      likedByMe: marks.liked.has(row.id),
      myReactions: marks.reacted.get(row.id) ?? null,
      savedByMe: marks.saved.has(row.id),
    })),
  );
}

/**
 * The feed: pinned posts first, then newest, keyset-paged on (is_pinned, created_at, id). The route
 * reads the first page through the feed cache; this reads it from the database.
 */
export async function listPosts(db: Db, viewerId: string, cursor?: string): Promise<PostPage> {
  if (cursor) {
    const after = pinnedCursorValues(decodeCursor(cursor, PINNED_CURSOR));
    return toPostPage(await withImages(db, await feedPageAfter(db, { viewer: viewerId, ...after })));
  }
  const rows = await loadSharedFirstPage(db);
  const ids = rows.map((row) => row.id);
  return firstPageFor(rows, await loadViewerMarks(db, viewerId, ids));
}

/**
 * These posts as the viewer sees them, in no particular order (her saved list, "from your circles"; they
 * filter and order). A circle's post she may not see is left out.
 */
export async function listPostsByIds(db: Db, viewer: Actor, postIds: string[]): Promise<Post[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select(postColumns(viewer.id))
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(circles, eq(circles.id, posts.circleId))
    .where(and(inArray(posts.id, postIds), circleContentVisible(viewer, posts.circleId)));
  return (await withImages(db, rows)).map((row) => toPost(row as PostRow));
}

/**
 * One post as the viewer sees it (its own page, where notifications and shared links lead). A circle's
 * post is there for its members and staff only: to anyone else, its author once she has left included,
 * it is the same 404 as a deleted post.
 */
export async function getPost(db: Db, viewer: Actor, postId: string): Promise<Post> {
  const viewerId = viewer.id;
  const [row] = (await db
    .select({
      ...postColumns(viewerId),
      hiddenAt: posts.hiddenAt,
      visible: sql<boolean>`${circleContentVisible(viewer, posts.circleId)}`,
    })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(circles, eq(circles.id, posts.circleId))
    .where(eq(posts.id, postId))) as (Omit<PostRow, 'images'> & { hiddenAt: Date | null; visible: boolean })[];
  if (!row?.visible) throw notFound(POST_GONE);
  // Hidden by reports: its author and staff see it, marked; to anyone else it is not there.
  if (row.hiddenAt && row.authorId !== viewerId && !isModeratorRole(viewer.role)) throw notFound(POST_GONE);
  const { hiddenAt, visible: _visible, ...rest } = row;
  const [withItsImages] = await withImages(db, [rest]);
  const post = toPost(withItsImages as PostRow);
  return hiddenAt ? { ...post, hiddenForReview: true } : post;
}

/** The circle a post is written in, once its author may post there. */
export interface PostCircle {
  id: string;
  name: string;
}

/**
 * Posting in a circle: its approved members (of the active circle) and staff. An unknown or archived
 * circle is a 404, someone outside it a 403 (she may know the circle, not its inside).
 */
async function circleToPostIn(tx: Db, author: Actor, circleId: string): Promise<PostCircle> {
  const access = await circleAccessOf(tx, author, circleId, { holdMembership: true });
  if (!access.circle.isActive) throw notFound(CIRCLE_NOT_FOUND);
  if (!access.canSeeInside) throw forbidden(NOT_IN_CIRCLE);
  return { id: access.circle.id, name: access.circle.name };
}

/**
 * A new post pays +10 and counts toward first_post, in one transaction; in a circle (`circleId`), only
 * its members and staff see it, and its other members are told.
 */
export async function createPost(db: Db, author: Actor, input: NewPost): Promise<Post> {
  const postId = await db.transaction(async (tx) => {
    const circle = input.circleId ? await circleToPostIn(tx, author, input.circleId) : null;
    return insertPost(tx, author.id, input, circle);
  });
  return getPost(db, author, postId);
}

/**
 * The post's writes, in the caller's transaction (the bath builder shares a bath in its own); its id.
 * The post is read back after the commit: hot reads go straight through the driver, outside it. A
 * circle's post names the circle the caller has checked she may post in (`input.circleId` is not read).
 */
export async function insertPost(
  tx: Db,
  authorId: string,
  input: NewPost,
  circle: PostCircle | null = null,
): Promise<string> {
  const content = await withMemberNames(tx, input.content);
  const [created] = await tx
    .insert(posts)
    .values({ userId: authorId, title: input.title, content, category: input.category, circleId: circle?.id ?? null })
    .returning({ id: posts.id });
  if (!created) throw new Error('The post was not saved');
  // In the post's transaction: the posts trigger's change notice covers the images too.
  await attachPostImages(tx, authorId, created.id, input.images);
  await awardAndCount(
    tx,
    {
      userId: authorId,
      amount: POINTS.post,
      reason: 'post',
      idempotencyKey: postAwardKey(created.id),
    },
    'postsCount',
    1,
  );
  await notifyMentions(tx, { authorId, text: content, link: { postId: created.id }, kind: 'post' });
  if (circle) await notifyCircleDiscussion(tx, { circle, postId: created.id, authorId, title: input.title });
  return created.id;
}

async function lockPost(tx: Db, postId: string) {
  const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  if (!post) throw notFound(POST_GONE);
  return post;
}

/**
 * Authors delete their own posts; moderators and admins any (and that is audited). The post's points go
 * with it (decision 016): its +10, the +2 of each like it still has, and the +5 of each comment on it,
 * with the counters. The post row is locked first, then its comments, so a concurrent like, comment or
 * comment deletion is either counted here or refused: a new like or comment holds the post's key until it
 * commits (this lock waits for it), and one that comes after fails on that key (decision 036).
 */
export async function deletePost(db: Db, actor: Actor, postId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    // A circle's post she can no longer see (she left it) is not there for her, her own included.
    await assertPostVisible(tx, actor, post.circleId);
    const isAuthor = post.userId === actor.id;
    if (!isAuthor && !isModeratorRole(actor.role)) throw forbidden('You can only delete your own posts');
    const likes = await tx
      .select({ userId: postLikes.userId, createdAt: postLikes.createdAt })
      .from(postLikes)
      .where(and(eq(postLikes.postId, postId), ne(postLikes.userId, post.userId)));
    const comments = await tx
      .select({ id: postComments.id, userId: postComments.userId })
      .from(postComments)
      .where(eq(postComments.postId, postId))
      .orderBy(postComments.id)
      .for('update');
    await tx.delete(posts).where(eq(posts.id, postId));
    await reverseAwards(tx, [
      postAwardKey(postId),
      ...likes.map((like) => likeAwardKey(postId, like.userId, like.createdAt)),
      ...comments.map((comment) => commentAwardKey(comment.id)),
    ]);
    await adjustCounter(tx, post.userId, 'postsCount', -1);
    if (likes.length > 0) await adjustCounter(tx, post.userId, 'likesReceived', -likes.length);
    await adjustCounters(tx, comments, 'commentsCount');
    if (!isAuthor) {
      await tx.insert(auditLog).values({
        actorId: actor.id,
        action: 'post.delete',
        targetType: 'post',
        targetId: postId,
        details: { title: post.title, authorId: post.userId },
      });
    }
  });
}

/** Moderators and admins pin and unpin posts. */
export async function setPostPinned(db: Db, actor: Actor, postId: string, isPinned: boolean): Promise<Post> {
  if (!isModeratorRole(actor.role)) throw forbidden('Only moderators and admins can pin posts');
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    await tx.update(posts).set({ isPinned, updatedAt: sql`now()` }).where(eq(posts.id, postId));
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: isPinned ? 'post.pin' : 'post.unpin',
      targetType: 'post',
      targetId: postId,
      // The audit log names it also once it is deleted.
      details: { title: post.title },
    });
  });
  return getPost(db, actor, postId);
}

/**
 * Like or unlike. The like row's primary key decides between concurrent clicks; the count moves by SQL
 * arithmetic in the same transaction, so likes_count always equals the number of rows. The author
 * earns +2 per like (taken back on unlike), never for liking her own post.
 */
export function setPostLike(db: Db, liker: Actor, postId: string, like: boolean) {
  return db.transaction((tx) => (like ? addLike(tx, liker, postId) : removeLike(tx, liker, postId)));
}

/**
 * A popular post takes many likes at once, and each must wait for the one before to commit once it
 * holds the post's row. So the post is read without a lock, the like's own rows come first, and the
 * count, the only write to the post row, comes last: the row is held for one statement and the commit.
 * A concurrent delete still sees the like whole or not at all: the like row's key on the post
 * (FOR KEY SHARE) makes deletePost's lock wait for this commit, and a like after the delete fails on
 * that key and answers as a post that is gone.
 */
async function addLike(tx: Db, liker: Actor, postId: string) {
  const post = await readActedPost(tx, liker.id, postId);
  if (!post) throw notFound(POST_GONE);
  // A circle's post outside her circles: gone (liking would tell her its count).
  await assertPostVisible(tx, liker, post.circleId);
  // A post she cannot see (either of them blocked the other) answers as if it were gone.
  if (post.blocked) throw notFound(POST_GONE);
  const paid = post.userId !== liker.id;
  // Reads first: the rows others write too (her notice of this post, the author's totals, the post's
  // count) are taken last and held only to the commit.
  const tellAuthor = paid && (await canMemberSeePost(tx, post.userId, post.circleId));
  const created = await insertLike(tx, postId, liker.id);
  // Liked already (a double click waits here for the first to commit): the count as it is now.
  if (!created) return { liked: true, likesCount: await readLikesCount(tx, postId) };
  if (tellAuthor) {
    await notifyPostLike(tx, {
      authorId: post.userId,
      likerId: liker.id,
      likerName: post.memberName ?? 'A sister',
      postId,
      postTitle: post.title,
    });
  }
  if (paid) {
    await awardAndCount(
      tx,
      {
        userId: post.userId,
        amount: POINTS.likeReceived,
        reason: 'like_received',
        idempotencyKey: likeAwardKey(postId, liker.id, created.createdAt),
      },
      'likesReceived',
      1,
    );
  }
  return { liked: true, likesCount: await moveLikesCount(tx, postId, 1) };
}

/** Her like, or undefined when she had liked it already; a post deleted since it was read is gone. */
async function insertLike(tx: Db, postId: string, likerId: string) {
  try {
    const [created] = await tx
      .insert(postLikes)
      .values({ postId, userId: likerId })
      .onConflictDoNothing()
      .returning({ createdAt: postLikes.createdAt });
    return created;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(POST_GONE);
    throw error;
  }
}

async function readLikesCount(tx: Db, postId: string): Promise<number> {
  const [row] = await tx.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, postId));
  return row?.likesCount ?? 0;
}

async function moveLikesCount(tx: Db, postId: string, delta: 1 | -1): Promise<number> {
  const [after] = await tx
    .update(posts)
    .set({ likesCount: sql`${posts.likesCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ likesCount: posts.likesCount });
  return after?.likesCount ?? 0;
}

/**
 * Unliking is rare beside liking: it keeps the order every other write on a post takes (the post row
 * first), so it never waits crosswise with a delete that has read the like.
 */
async function removeLike(tx: Db, liker: Actor, postId: string) {
  const post = await lockPost(tx, postId);
  await assertPostVisible(tx, liker, post.circleId);
  const [removed] = await tx
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, liker.id)))
    .returning({ createdAt: postLikes.createdAt });
  if (!removed) return { liked: false, likesCount: post.likesCount };
  if (post.userId !== liker.id) {
    await awardAndCount(
      tx,
      {
        userId: post.userId,
        amount: -POINTS.likeReceived,
        reason: 'like_removed',
        idempotencyKey: unlikeAwardKey(postId, liker.id, removed.createdAt),
      },
      'likesReceived',
      -1,
    );
  }
  return { liked: false, likesCount: await moveLikesCount(tx, postId, -1) };
}
