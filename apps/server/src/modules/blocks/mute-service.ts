import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { accessConversation } from '../messages/conversation-access.ts';
import { blockedEitherWay } from './block-service.ts';

/**
 * Mutes silence notifications only: a muted conversation or topic stays readable, its unread counts
 * still move. Muting twice or unmuting what is not muted changes nothing.
 */

/** Only someone who may open the conversation mutes it (anyone else gets its usual 404). */
export async function setConversationMuted(db: Db, me: string, conversationId: string, muted: boolean) {
  await accessConversation(db, me, conversationId);
  await queryRows(
    db,
    muted
      ? sql`insert into conversation_mutes (user_id, conversation_id) values (${me}, ${conversationId}) on conflict do nothing`
      : sql`delete from conversation_mutes where user_id = ${me} and conversation_id = ${conversationId}`,
  );
  return { muted };
}

export async function isConversationMuted(db: Db, me: string, conversationId: string) {
  await accessConversation(db, me, conversationId);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from conversation_mutes where user_id = ${me} and conversation_id = ${conversationId}`,
  );
  return { muted: Boolean(row) };
}

/**
 * The topic as she can open it: the same 404 as its page gives when it is gone, closed with its
 * category, hidden for review (to anyone but its author) or written by a member either side of a block.
 */
async function assertTopicExists(db: Db, me: string, topicId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select t.id from forum_topics t
        join forum_categories fc on fc.id = t.category_id and fc.is_active
        where t.id = ${topicId}
          and (t.hidden_at is null or t.user_id = ${me})
          and not exists (select 1 from member_blocks b
                          where (b.blocker_id = ${me} and b.blocked_id = t.user_id)
                             or (b.blocker_id = t.user_id and b.blocked_id = ${me}))`,
  );
  if (!row) throw notFound('This topic no longer exists');
}

export async function setTopicMuted(db: Db, me: string, topicId: string, muted: boolean) {
  await assertTopicExists(db, me, topicId);
  await queryRows(
    db,
    muted
      ? sql`insert into forum_topic_mutes (user_id, topic_id) values (${me}, ${topicId}) on conflict do nothing`
      : sql`delete from forum_topic_mutes where user_id = ${me} and topic_id = ${topicId}`,
  );
  return { muted };
}

export async function isTopicMuted(db: Db, me: string, topicId: string) {
  await assertTopicExists(db, me, topicId);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from forum_topic_mutes where user_id = ${me} and topic_id = ${topicId}`,
  );
  return { muted: Boolean(row) };
}

/**
 * The one rule every notification passes (notification-service.ts): none between two members when either
 * blocked the other, none from a conversation or topic she muted. A notification no member caused
 * (actor null: a staff outcome, a reminder) is never held back by a block.
 */
export async function isNotificationSuppressed(
  db: Db,
  recipientId: string,
  actorId: string | null,
  data: Record<string, unknown> | undefined,
): Promise<boolean> {
  const conversationId = uuidOrNull(data?.conversationId);
  const topicId = uuidOrNull(data?.topicId);
  if (!actorId && !conversationId && !topicId) return false;
  const [row] = await queryRows<{ suppressed: boolean }>(
    db,
    sql`select (
          (${actorId}::text is not null and ${blockedEitherWay(recipientId, sql`${actorId}::text`)})
          or (${conversationId}::uuid is not null and exists (select 1 from conversation_mutes
            where user_id = ${recipientId} and conversation_id = ${conversationId}::uuid))
          or (${topicId}::uuid is not null and exists (select 1 from forum_topic_mutes
            where user_id = ${recipientId} and topic_id = ${topicId}::uuid))
        ) as suppressed`,
  );
  return Boolean(row?.suppressed);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);
