import { MESSAGE_TYPES } from '@lunara/shared/community';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';

/**
 * One conversation per pair of members. The pair is stored ordered (participant_a < participant_b)
 * so that a unique key can guarantee "one per pair"; the API shows it as the spec's participants list.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    participantA: text('participant_a')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    participantB: text('participant_b')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who started it: until the first message, only she sees it in her list. */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_pair_unique').on(t.participantA, t.participantB),
    check('conversations_pair_ordered', sql`${t.participantA} < ${t.participantB}`),
    index('conversations_a_recent_idx').on(
      t.participantA,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('conversations_b_recent_idx').on(
      t.participantB,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('messages_type_check', t.messageType, MESSAGE_TYPES),
    check('messages_content_not_blank', sql`char_length(btrim(${t.content})) > 0`),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.recipientId}`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_unread_idx').on(t.recipientId, t.conversationId).where(sql`${t.isRead} = false`),
  ],
);
