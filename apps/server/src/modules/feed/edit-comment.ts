import type { Comment } from '@lunara/shared/feed';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { postComments, posts } from '../../db/schema/community.ts';
import { notFound } from '../../errors.ts';
import { isBlockedEitherWay } from '../blocks/block-service.ts';
import { notifyMentions, withMemberNames } from '../mentions/mention-service.ts';
import { assertOwnItem } from '../revisions/assert-own-item.ts';
import { recordRevision } from '../revisions/revision-service.ts';
import { readComment } from './comment-service.ts';
import type { Actor } from './post-service.ts';
import { assertPostVisible } from './post-visibility.ts';

const COMMENT_GONE = 'This comment no longer exists';
const POST_GONE = 'This post no longer exists';

/**
 * Authors change their own comment's words, under the rules of commenting: not on a post she can no
 * longer see (a block either way, hidden while reviewed). The post row is locked before the comment,
 * the order every write on a post takes. The replaced words are kept for moderators.
 */
export async function editComment(db: Db, actor: Actor, commentId: string, written: string): Promise<Comment> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ postId: postComments.postId })
      .from(postComments)
      .where(eq(postComments.id, commentId));
    if (!found) throw notFound(COMMENT_GONE);
    const [post] = await tx.select().from(posts).where(eq(posts.id, found.postId)).for('update');
    if (!post) throw notFound(POST_GONE);
    // On a circle's post she can no longer see (she left it), her comment is not there for her either.
    await assertPostVisible(tx, actor, post.circleId, COMMENT_GONE);
    const [comment] = await tx.select().from(postComments).where(eq(postComments.id, commentId)).for('update');
    if (!comment) throw notFound(COMMENT_GONE);
    await assertOwnItem(tx, actor, comment, { gone: COMMENT_GONE, notYours: 'You can only edit your own comments' });
    if (await isBlockedEitherWay(tx, actor.id, post.userId)) throw notFound(POST_GONE);
    if (post.hiddenAt && post.userId !== actor.id) throw notFound(POST_GONE);
    const content = await withMemberNames(tx, written);
    if (comment.content === content) return;
    await recordRevision(tx, {
      kind: 'comment',
      itemId: commentId,
      editorId: actor.id,
      title: null,
      content: comment.content,
    });
    await tx.update(postComments).set({ content, editedAt: sql`now()` }).where(eq(postComments.id, commentId));
    // Only members the edit newly names are told, in its transaction (a failed edit tells nobody).
    await notifyMentions(tx, {
      authorId: actor.id,
      text: content,
      previousText: comment.content,
      link: { postId: comment.postId, commentId },
      kind: 'comment',
    });
  });
  return readComment(db, commentId);
}
