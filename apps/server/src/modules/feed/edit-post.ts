import type { editPostBodySchema } from '@lunara/shared/editing';
import type { Post } from '@lunara/shared/feed';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/community.ts';
import { notFound } from '../../errors.ts';
import { notifyMentions, withMemberNames } from '../mentions/mention-service.ts';
import { assertOwnItem } from '../revisions/assert-own-item.ts';
import { recordRevision } from '../revisions/revision-service.ts';
import { type Actor, getPost } from './post-service.ts';
import { assertPostVisible } from './post-visibility.ts';

export type PostEdit = z.output<typeof editPostBodySchema>;

const POST_GONE = 'This post no longer exists';

/**
 * Authors change their own post's title and words; nobody else does, staff included (they hide or
 * delete instead). The words it replaces are kept for moderators in the same transaction; an edit that
 * changes nothing writes nothing. A post hidden by reports stays hidden.
 */
export async function editPost(db: Db, actor: Actor, postId: string, edit: PostEdit): Promise<Post> {
  await db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!post) throw notFound(POST_GONE);
    // A circle's post she can no longer see (she left it) is not there for her, her own included.
    await assertPostVisible(tx, actor, post.circleId);
    await assertOwnItem(tx, actor, post, { gone: POST_GONE, notYours: 'You can only edit your own posts' });
    const content = await withMemberNames(tx, edit.content);
    if (post.title === edit.title && post.content === content) return;
    await recordRevision(tx, {
      kind: 'post',
      itemId: postId,
      editorId: actor.id,
      title: post.title,
      content: post.content,
    });
    await tx
      .update(posts)
      .set({ title: edit.title, content, editedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(posts.id, postId));
    // Only members the edit newly names are told, in its transaction (a failed edit tells nobody).
    await notifyMentions(tx, {
      authorId: actor.id,
      text: content,
      previousText: post.content,
      link: { postId },
      kind: 'post',
    });
  });
  return getPost(db, actor, postId);
}
