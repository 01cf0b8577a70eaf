import { CANNOT_MESSAGE_MEMBER } from '@lunara/shared/blocks';
import { MESSAGES_PAGE_SIZE, type Message, type MessagePage, UNREAD_COUNT_CAP } from '@lunara/shared/messages';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { conversations, messages } from '../../db/schema/messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { forbidden } from '../../errors.ts';
import { decodeCursor, encodeCursor, timestampFromMicros } from '../../lib/cursor.ts';
import { type BlockView, isBlockedEitherWay, maskBlocked, NO_BLOCKS } from '../blocks/block-service.ts';
import { createNotification, toAppNotification } from '../notifications/notification-service.ts';
import { publishEvents } from '../realtime/publish.ts';
import { accessConversation, reachableGroupMembers } from './conversation-access.ts';
import { notifyGroupMessage } from './group-message-notification.ts';
import { assertCanReceiveMessages } from './messaging-access.ts';

/** How much of a message its notification (and the email digest) quotes. */
const PREVIEW_LENGTH = 80;

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string | null;
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
export async function listMessages(
  db: Db,
  me: string,
  conversationId: string,
  cursor?: string,
  blocks: BlockView = NO_BLOCKS,
): Promise<MessagePage> {
  const access = await accessConversation(db, me, conversationId);
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
    // In a group, what a member she blocked wrote is a "hidden" line, and a member who blocked her is left
    // out. A direct thread keeps its history as it was on both sides (its vanishing would tell her); from
    // now on neither can send in it.
    items:
      access.kind === 'group'
        ? maskBlocked(page.reverse().map(toMessage), blocks, (message) => message.senderId)
        : page.reverse().map(toMessage),
    nextCursor: rows.length > MESSAGES_PAGE_SIZE && oldest ? encodeCursor([oldest.micros, oldest.id]) : null,
  };
}

/**
 * Sends a message in one transaction: the message, the conversation's activity time, the others'
 * notifications (if their preferences allow) and the events that update every member's screens. A
 * direct message is refused when the recipient can no longer use Messages (her membership ended): she
 * could not read it. In a group it goes to its current members only.
 */
export async function sendMessage(db: Db, me: string, conversationId: string, content: string): Promise<Message> {
  return db.transaction(async (tx) => {
    const access = await accessConversation(tx, me, conversationId);
    if (access.recipientId) {
      // Either of them blocked the other: the same words both ways, so no answer says who did.
      if (await isBlockedEitherWay(tx, me, access.recipientId)) throw forbidden(CANNOT_MESSAGE_MEMBER);
      await assertCanReceiveMessages(tx, access.recipientId);
    }
    const [created] = await tx
      .insert(messages)
      .values({ conversationId, conversationKind: access.kind, senderId: me, recipientId: access.recipientId, content })
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
    const audience = access.recipientId ? [access.recipientId] : await reachableGroupMembers(tx, conversationId);
    if (access.recipientId) {
      await createNotification(tx, {
        userId: access.recipientId,
        actorId: me,
        type: 'message',
        title: `New message from ${row.sender_name}`,
        message: preview,
        data: { conversationId },
      });
    } else {
      await notifyGroupMessage(tx, {
        conversationId,
        title: access.title ?? 'your group',
        senderId: me,
        senderName: row.sender_name,
        preview,
        recipientIds: audience,
      });
    }
    const event = { type: 'message.created', conversationId, messageId: created.id, senderId: me } as const;
    await publishEvents(
      tx,
      [...new Set([...audience, me])].map((userId) => ({ userId, event })),
    );
    return toMessage(row);
  });
}

/**
 * Opening a conversation reads it: her unread incoming messages (in a group, everything up to the
 * newest message), and the "message" notifications about it, become read; her other tabs hear about both.
 */
export async function markConversationRead(db: Db, me: string, conversationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const access = await accessConversation(tx, me, conversationId);
    const read =
      access.kind === 'group' ? await readGroup(tx, me, conversationId) : await readDirect(tx, me, conversationId);
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
      ...(read > 0 ? [{ userId: me, event: { type: 'conversation.read', conversationId } } as const] : []),
      ...readNotifications.map((notification) => ({
        userId: me,
        event: { type: 'notification.updated', notification: toAppNotification(notification) } as const,
      })),
    ]);
    return read;
  });
}

async function readDirect(tx: Db, me: string, conversationId: string): Promise<number> {
  const read = await tx
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.recipientId, me), eq(messages.isRead, false)))
    .returning({ id: messages.id });
  return read.length;
}

/**
 * Moves her read marker to the newest message (never back), and says how many of the others' messages
 * that read, up to the unread cap. The marker row is locked first, so two tabs reading at once count once.
 */
async function readGroup(tx: Db, me: string, conversationId: string): Promise<number> {
  const [row] = await queryRows<{ read: number }>(
    tx,
    sql`with mine as (
          select last_read_at from conversation_members
          where conversation_id = ${conversationId} and user_id = ${me} for update),
        newest as (select max(created_at) as at from messages where conversation_id = ${conversationId}),
        counted as (
          select count(*)::int as read from (select 1 from messages m, mine
            where m.conversation_id = ${conversationId} and m.sender_id <> ${me} and m.created_at > mine.last_read_at
            limit ${literalLimit(UNREAD_COUNT_CAP)}) unread),
        moved as (
          update conversation_members set last_read_at = newest.at from newest
          where conversation_id = ${conversationId} and user_id = ${me} and newest.at > last_read_at)
        select read from counted`,
  );
  return Number(row?.read ?? 0);
}
