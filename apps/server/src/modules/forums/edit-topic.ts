import type { TopicBody, TopicDetail } from '@lunara/shared/forums';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forumTopics } from '../../db/schema/forums.ts';
import { conflict } from '../../errors.ts';
import type { Actor } from '../feed/post-service.ts';
import { notifyMentions, withMemberNames } from '../mentions/mention-service.ts';
import { assertOwnItem } from '../revisions/assert-own-item.ts';
import { recordRevision } from '../revisions/revision-service.ts';
import { lockTopicRow, readTopic } from './topic-service.ts';

const TOPIC_GONE = 'This topic no longer exists';

/**
 * Authors change their own topic's title and first text while it is unlocked; nobody else does, staff
 * included. The replaced words are kept for moderators; an edit that changes nothing writes nothing.
 */
export async function editTopic(db: Db, actor: Actor, topicId: string, edit: TopicBody): Promise<TopicDetail> {
  await db.transaction(async (tx) => {
    const topic = await lockTopicRow(tx, topicId);
    await assertOwnItem(tx, actor, topic, { gone: TOPIC_GONE, notYours: 'You can only edit your own topics' });
    if (topic.isLocked) throw conflict('This topic is locked and can no longer be edited');
    const content = await withMemberNames(tx, edit.content);
    if (topic.title === edit.title && topic.content === content) return;
    await recordRevision(tx, {
      kind: 'topic',
      itemId: topicId,
      editorId: actor.id,
      title: topic.title,
      content: topic.content,
    });
    await tx
      .update(forumTopics)
      .set({ title: edit.title, content, editedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(forumTopics.id, topicId));
    // Only members the edit newly names are told, in its transaction (a failed edit tells nobody).
    await notifyMentions(tx, {
      authorId: actor.id,
      text: content,
      previousText: topic.content,
      link: { topicId },
      kind: 'topic',
    });
  });
  return readTopic(db, topicId);
}
