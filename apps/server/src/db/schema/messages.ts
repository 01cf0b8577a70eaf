import { MESSAGE_TYPES } from '@lunara/shared/community';
import { CONVERSATION_KINDS, GROUP_TITLE_MAX } from '@lunara/shared/messages';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';

/**
 * A direct conversation is one per pair of members: the pair is stored ordered (participant_a <
 * participant_b) so that a unique key can guarantee "one per pair"; the API shows it as the spec's
 * participants list. A group conversation (a mentorship pod's) has no pair: a title, and its members in
 * conversation_members.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    kind: text('kind').notNull().default('direct'),
    title: text('title'),
    participantA: text('participant_a').references(() => user.id, { onDelete: 'cascade' }),
    participantB: text('participant_b').references(() => user.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who started it: until the first message, only she sees it in her list. */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_pair_unique').on(t.participantA, t.participantB),
    // The target of messages' (conversation_id, conversation_kind) key.
    unique('conversations_id_kind_unique').on(t.id, t.kind),
    checkIn('conversations_kind_check', t.kind, CONVERSATION_KINDS),
    check('conversations_pair_ordered', sql`${t.participantA} < ${t.participantB}`),
    check(
      'conversations_kind_shape',
      sql`(${t.kind} = 'direct' and ${t.participantA} is not null and ${t.participantB} is not null and ${t.title} is null)
        or (${t.kind} = 'group' and ${t.participantA} is null and ${t.participantB} is null
            and ${t.title} is not null and char_length(btrim(${t.title})) between 1 and ${sql.raw(String(GROUP_TITLE_MAX))})`,
    ),
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

/**
 * Who is in a group conversation. Leaving (or being removed) keeps the row with `left_at` set, so that
 * being added again is the same row; only a member without `left_at` reads, sends and hears. What she
 * has read is a time: messages after it are unread for her.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'conversation_members_pk', columns: [t.conversationId, t.userId] }),
    index('conversation_members_current_idx').on(t.userId, t.conversationId).where(sql`${t.leftAt} is null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The conversation's kind, kept here so that a check can tie "has a recipient" to "is direct". */
    conversationKind: text('conversation_kind').notNull().default('direct'),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The other member of a direct conversation; null in a group (read state is per member there). */
    recipientId: text('recipient_id').references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('messages_type_check', t.messageType, MESSAGE_TYPES),
    check('messages_content_not_blank', sql`char_length(btrim(${t.content})) > 0`),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.recipientId}`),
    check('messages_recipient_by_kind', sql`(${t.conversationKind} = 'direct') = (${t.recipientId} is not null)`),
    foreignKey({
      name: 'messages_conversation_kind_fk',
      columns: [t.conversationId, t.conversationKind],
      foreignColumns: [conversations.id, conversations.kind],
    }).onDelete('cascade'),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_unread_idx').on(t.recipientId, t.conversationId).where(sql`${t.isRead} = false`),
  ],
);
