import { MESSAGES_PAGE_SIZE, type Message, type MessagePage } from '@lunara/shared/messages';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { conversations, messages } from '../../db/schema/messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { decodeCursor, encodeCursor, timestampFromMicros } from '../../lib/cursor.ts';
import { createNotification, toAppNotification } from '../notifications/notification-service.ts';
import { publishEvents } from '../realtime/publish.ts';
import { otherParticipantOf } from './conversation-service.ts';
import { assertCanReceiveMessages } from './messaging-access.ts';

/** How much of a message its notification (and the email digest) quotes. */
const PREVIEW_LENGTH = 80;

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  is_read: boolean;
  created_at: Date | string;
  micros: string;
  sender_name: string;
  sender_avatar: string | null;
}

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  conversationId: row.conversation_id,
  senderId: row.sender_id,
  recipientId: row.recipient_id,
  content: row.content,
  messageType: 'text',
  isRead: row.is_read,
  createdAt: new Date(row.created_at).toISOString(),
  sender: { id: row.sender_id, displayName: row.sender_name, avatarUrl: servedAvatarUrl(row.sender_avatar) },
});

const messageColumns = sql`m.id, m.conversation_id, m.sender_id, m.recipient_id, m.content, m.is_read, m.created_at,
  (extract(epoch from m.created_at) * 1000000)::bigint::text as micros,
  p.display_name as sender_name, p.avatar_url as sender_avatar`;

/**
 * A page of the thread for a participant: the newest 50 (or the 50 before the cursor), returned
 * oldest first for reading; `nextCursor` leads to earlier messages.
 */
export async function listMessages(db: Db, me: string, conversationId: string, cursor?: string): Promise<MessagePage> {
  await otherParticipantOf(db, me, conversationId);
  const before = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${messageColumns} from messages m join profiles p on p.id = m.sender_id
        where m.conversation_id = ${conversationId}
        ${before ? sql`and (m.created_at, m.id) < (${timestampFromMicros(String(before[0]))}, ${before[1]}::uuid)` : sql``}
        order by m.created_at desc, m.id desc
        limit ${literalLimit(MESSAGES_PAGE_SIZE + 1)}`,
  );
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const oldest = page.at(-1);
  return {
    items: page.reverse().map(toMessage),
    nextCursor: rows.length > MESSAGES_PAGE_SIZE && oldest ? encodeCursor([oldest.micros, oldest.id]) : null,
  };
}

/**
 * Sends a message in one transaction: the message, the conversation's activity time, the recipient's
 * notification (if her preferences allow) and the events that update both members' screens. Refused
 * when the recipient can no longer use Messages (her membership ended): she could not read it.
 */
export async function sendMessage(db: Db, me: string, conversationId: string, content: string): Promise<Message> {
  return db.transaction(async (tx) => {
    const recipientId = await otherParticipantOf(tx, me, conversationId);
    await assertCanReceiveMessages(tx, recipientId);
    const [created] = await tx
      .insert(messages)
      .values({ conversationId, senderId: me, recipientId, content })
      .returning({ id: messages.id });
    if (!created) throw new Error('The message was not stored');
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, now())` })
      .where(eq(conversations.id, conversationId));
    const [row] = await queryRows<MessageRow>(
      tx,
      sql`select ${messageColumns} from messages m join profiles p on p.id = m.sender_id where m.id = ${created.id}`,
    );
    if (!row) throw new Error('The message was not stored');
    const preview = content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH - 1)}…` : content;
    await createNotification(tx, {
      userId: recipientId,
      actorId: me,
      type: 'message',
      title: `New message from ${row.sender_name}`,
      message: preview,
      data: { conversationId },
    });
    const event = { type: 'message.created', conversationId, messageId: created.id, senderId: me } as const;
    await publishEvents(tx, [
      { userId: recipientId, event },
      { userId: me, event },
    ]);
    return toMessage(row);
  });
}

/**
 * Opening a conversation reads it: her unread incoming messages, and the "message" notifications
 * about it, become read; her other tabs hear about both.
 */
export async function markConversationRead(db: Db, me: string, conversationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await otherParticipantOf(tx, me, conversationId);
    const read = await tx
      .update(messages)
      .set({ isRead: true })
      .where(and(eq(messages.conversationId, conversationId), eq(messages.recipientId, me), eq(messages.isRead, false)))
      .returning({ id: messages.id });
    const readNotifications = await tx
      .update(notifications)
      .set({ read: true })
      .where(
        and(
          eq(notifications.userId, me),
          eq(notifications.read, false),
          eq(notifications.type, 'message'),
          sql`${notifications.data}->>'conversationId' = ${conversationId}`,
        ),
      )
      .returning();
    await publishEvents(tx, [
      ...(read.length > 0 ? [{ userId: me, event: { type: 'conversation.read', conversationId } } as const] : []),
      ...readNotifications.map((notification) => ({
        userId: me,
        event: { type: 'notification.updated', notification: toAppNotification(notification) } as const,
      })),
    ]);
    return read.length;
  });
}
