import { type Reply, TOPIC_LOCKED } from '@lunara/shared/forums';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forumReplies } from '../../db/schema/forums.ts';
import { conflict, notFound } from '../../errors.ts';
import { isBlockedEitherWay } from '../blocks/block-service.ts';
import type { Actor } from '../feed/post-service.ts';
import { notifyMentions, withMemberNames } from '../mentions/mention-service.ts';
import { assertOwnItem } from '../revisions/assert-own-item.ts';
import { recordRevision } from '../revisions/revision-service.ts';
import { lockReply, readReply } from './topic-service.ts';

const REPLY_GONE = 'This reply no longer exists';
const TOPIC_GONE = 'This topic no longer exists';

/**
 * Authors change their own reply's words under the rules of replying: not in a locked topic (the same
 * 409 and message), nor in one she can no longer see. The topic row is locked before the reply, the
 * order a topic's deletion takes. The replaced words are kept for moderators.
 */
export async function editReply(db: Db, actor: Actor, replyId: string, written: string): Promise<Reply> {
  await db.transaction(async (tx) => {
    const { reply, topic } = await lockReply(tx, replyId);
    await assertOwnItem(tx, actor, reply, { gone: REPLY_GONE, notYours: 'You can only edit your own replies' });
    if (await isBlockedEitherWay(tx, actor.id, topic.userId)) throw notFound(TOPIC_GONE);
    if (topic.hiddenAt && topic.userId !== actor.id) throw notFound(TOPIC_GONE);
    if (topic.isLocked) throw conflict(TOPIC_LOCKED);
    const content = await withMemberNames(tx, written);
    if (reply.content === content) return;
    await recordRevision(tx, {
      kind: 'reply',
      itemId: replyId,
      editorId: actor.id,
      title: null,
      content: reply.content,
    });
    await tx
      .update(forumReplies)
      .set({ content, editedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(forumReplies.id, replyId));
    // Only members the edit newly names are told, in its transaction (a failed edit tells nobody).
    await notifyMentions(tx, {
      authorId: actor.id,
      text: content,
      previousText: reply.content,
      link: { topicId: reply.topicId, replyId },
      kind: 'reply',
    });
  });
  return readReply(db, replyId);
}
