import { COMMENTS_PAGE_SIZE, type Comment, type CommentPage } from '@lunara/shared/feed';
import { POINTS } from '@lunara/shared/points';
import { isModeratorRole } from '@lunara/shared/roles';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/database-errors.ts';
import { directRead, isoTime } from '../../db/direct-read.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { postComments, posts } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { forbidden, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, microsOf, timestampFromMicros } from '../../lib/cursor.ts';
import { notifyMentions, withMemberNames } from '../mentions/mention-service.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { commentAwardKey } from '../points/award-keys.ts';
import { reverseAwards } from '../points/ledger-service.ts';
import { adjustCounter, awardAndCount } from '../points/member-points-service.ts';
import { readActedPost } from './acted-post.ts';
import type { Actor } from './post-service.ts';
import { assertPostVisible, canMemberSeePost, POST_GONE, requireVisiblePost } from './post-visibility.ts';

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  content: postComments.content,
  createdAt: isoTime(postComments.createdAt),
  createdMicros: microsOf(postComments.createdAt),
  editedAt: isoTime(postComments.editedAt),
  authorId: postComments.userId,
  authorName: profiles.displayName,
  authorAvatar: profiles.avatarUrl,
  hidden: sql<boolean>`${postComments.hiddenAt} is not null`,
};

type CommentRow = {
  id: string;
  postId: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
  authorId: string;
  authorName: string | null;
  authorAvatar: string | null;
  hidden: boolean;
};

const toComment = (row: CommentRow): Comment => ({
  // Hidden by reports: the route shows it to its author and staff only (moderation/hidden-content.ts).
  ...(row.hidden ? { hiddenForReview: true } : {}),
  id: row.id,
  postId: row.postId,
  content: row.content,
  createdAt: row.createdAt,
  editedAt: row.editedAt ?? null,
  author: { id: row.authorId, displayName: row.authorName ?? 'Sister', avatarUrl: servedAvatarUrl(row.authorAvatar) },
});

const commentPage = (db: Db) =>
  db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(profiles, eq(profiles.id, postComments.userId))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(builderLimit(COMMENTS_PAGE_SIZE + 1))
    .$dynamic();
const postIdValue = sql.placeholder('postId');
const firstComments = directRead((db) => commentPage(db).where(eq(postComments.postId, postIdValue)));
const commentsAfter = directRead((db) =>
  commentPage(db).where(
    sql`${postComments.postId} = ${postIdValue} and (${postComments.createdAt}, ${postComments.id}) > (${timestampFromMicros(sql.placeholder('micros'))}, ${sql.placeholder('id')}::uuid)`,
  ),
);

/**
 * A post's comments, oldest first, keyset-paged on (created_at, id). A post that is not there for her
 * (gone, or a circle's she is not in) is a 404.
 */
export async function listComments(db: Db, viewer: Actor, postId: string, cursor?: string): Promise<CommentPage> {
  await requireVisiblePost(db, viewer, postId);
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const rows = after
    ? await commentsAfter(db, { postId, micros: String(after[0]), id: after[1] })
    : await firstComments(db, { postId });
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toComment),
    nextCursor: rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor([last.createdMicros, last.id]) : null,
  };
}

/**
 * A comment pays +5, moves the post's count, and tells the post's author (not herself; nor, on a
 * circle's post, once she has left the circle). As a like does (post-service.ts addLike), it reads the
 * post unlocked and writes its count last, so comments on a busy post do not queue on its row for their
 * whole transaction; the comment's key on the post keeps a concurrent deletion whole.
 */
export async function createComment(db: Db, author: Actor, postId: string, written: string): Promise<Comment> {
  const authorId = author.id;
  const id = await db.transaction(async (tx) => {
    const content = await withMemberNames(tx, written);
    const post = await readActedPost(tx, authorId, postId);
    if (!post) throw notFound(POST_GONE);
    // A circle's post outside her circles is not there for her.
    await assertPostVisible(tx, author, post.circleId);
    // A post she cannot see (either of them blocked the other) answers as if it were gone.
    if (post.blocked) throw notFound(POST_GONE);
    // Hidden while a moderator reviews it: nobody but its author sees it, so nobody else comments on it.
    if (post.hiddenAt && post.userId !== authorId) throw notFound(POST_GONE);
    const tellAuthor = await canMemberSeePost(tx, post.userId, post.circleId);
    const created = await insertComment(tx, postId, authorId, content);
    if (tellAuthor) {
      await createNotification(tx, {
        userId: post.userId,
        actorId: authorId,
        type: 'post_comment',
        title: 'New comment',
        message: `${post.memberName ?? 'A sister'} commented on your post "${post.title}"`,
        data: { postId, commentId: created.id },
      });
    }
    await notifyMentions(tx, { authorId, text: content, link: { postId, commentId: created.id }, kind: 'comment' });
    await awardAndCount(
      tx,
      {
        userId: authorId,
        amount: POINTS.comment,
        reason: 'comment',
        idempotencyKey: commentAwardKey(created.id),
      },
      'commentsCount',
      1,
    );
    await tx
      .update(posts)
      .set({ commentsCount: sql`${posts.commentsCount} + 1` })
      .where(eq(posts.id, postId));
    return created.id;
  });
  const [row] = await db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(profiles, eq(profiles.id, postComments.userId))
    .where(eq(postComments.id, id));
  if (!row) throw notFound('This comment no longer exists');
  return toComment(row);
}

/** The new comment's id; a post deleted since it was read is gone. */
async function insertComment(tx: Db, postId: string, authorId: string, content: string) {
  try {
    const [created] = await tx
      .insert(postComments)
      .values({ postId, userId: authorId, content })
      .returning({ id: postComments.id });
    if (!created) throw new Error('The comment was not saved');
    return created;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(POST_GONE);
    throw error;
  }
}

/** One comment as its author sees it (after she writes or edits it). */
export async function readComment(db: Db, commentId: string): Promise<Comment> {
  const [row] = await db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(profiles, eq(profiles.id, postComments.userId))
    .where(eq(postComments.id, commentId));
  if (!row) throw notFound('This comment no longer exists');
  return toComment(row);
}

/**
 * Authors delete their own comments; moderators and admins any (audited). The comment's +5 goes with it
 * (decision 016). The post row is locked before the comment, the order a post's deletion takes too.
 */
export async function deleteComment(db: Db, actor: Actor, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ postId: postComments.postId })
      .from(postComments)
      .where(eq(postComments.id, commentId));
    if (!found) throw notFound('This comment no longer exists');
    const [post] = await tx
      .select({ id: posts.id, circleId: posts.circleId })
      .from(posts)
      .where(eq(posts.id, found.postId))
      .for('update');
    // On a circle's post she can no longer see (she left it), her comment is not there for her either.
    if (post) await assertPostVisible(tx, actor, post.circleId, 'This comment no longer exists');
    const [comment] = await tx.select().from(postComments).where(eq(postComments.id, commentId)).for('update');
    if (!comment) throw notFound('This comment no longer exists');
    const isAuthor = comment.userId === actor.id;
    if (!isAuthor && !isModeratorRole(actor.role)) throw forbidden('You can only delete your own comments');
    await tx.delete(postComments).where(eq(postComments.id, commentId));
    await reverseAwards(tx, [commentAwardKey(commentId)]);
    await tx
      .update(posts)
      .set({ commentsCount: sql`greatest(${posts.commentsCount} - 1, 0)` })
      .where(eq(posts.id, comment.postId));
    await adjustCounter(tx, comment.userId, 'commentsCount', -1);
    if (!isAuthor) {
      await tx.insert(auditLog).values({
        actorId: actor.id,
        action: 'comment.delete',
        targetType: 'comment',
        targetId: commentId,
        details: { postId: comment.postId, authorId: comment.userId },
      });
    }
  });
}
