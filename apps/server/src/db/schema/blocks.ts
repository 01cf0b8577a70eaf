import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt } from './columns.ts';
import { forumTopics } from './forums.ts';
import { conversations } from './messages.ts';

/**
 * One row per member and the member she blocked. Every read looks both directions up: the primary
 * key answers "whom did I block", `member_blocks_blocked_idx` "who blocked me"; her settings list
 * pages on `member_blocks_blocker_created_idx`.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'member_blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    check('member_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    index('member_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    index('member_blocks_blocker_created_idx').on(t.blockerId, t.createdAt.desc(), t.blockedId.desc()),
  ],
);

/** A conversation she muted: no notifications from it; it stays readable and its unread count moves. */
export const conversationMutes = pgTable(
  'conversation_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'conversation_mutes_pkey', columns: [t.userId, t.conversationId] })],
);

/** A forum topic she muted: no reply notifications from it. */
export const forumTopicMutes = pgTable(
  'forum_topic_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'forum_topic_mutes_pkey', columns: [t.userId, t.topicId] })],
);
