import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collapsedText, writeCollapsedNotices } from '../notifications/collapsed-notices.ts';

interface GroupMessage {
  conversationId: string;
  title: string;
  senderId: string;
  senderName: string;
  preview: string;
  /** The group's members who can be reached (conversation-access.ts `reachableGroupMembers`). */
  recipientIds: string[];
}

const COUNTED_MESSAGES = ' new messages. Latest, ';

/** "Bella: see you Sunday", or "3 new messages. Latest, Bella: see you Sunday". */
export const groupMessageText = (count: number, senderName: string, preview: string) =>
  collapsedText(count, `${senderName}: ${preview}`, COUNTED_MESSAGES);

/**
 * A group's messages are one notification per member and group while she has not read them: a lively
 * pod would otherwise bury her list. A new message brings it back to the top, unread, counting what
 * came since she last read it; members who switched message notifications off get none (the same
 * "message" type and switch as direct messages, so reading the conversation marks it read too), and so
 * do those either side of a block with the sender and those who muted the group. One statement for the
 * whole group (`notifications/collapsed-notices.ts`): a circle's chat has every member of the circle.
 */
export async function notifyGroupMessage(tx: Db, message: GroupMessage): Promise<number> {
  const recipients = message.recipientIds.filter((id) => id !== message.senderId);
  if (recipients.length === 0) return 0;
  return writeCollapsedNotices(tx, {
    recipients: sql`select r.user_id from unnest(${sql.param(recipients)}::text[]) as r(user_id)
      where coalesce((select np.message_notifications from notification_preferences np
                      where np.user_id = r.user_id), true)
        and not exists (select 1 from member_blocks b
                        where (b.blocker_id = r.user_id and b.blocked_id = ${message.senderId})
                           or (b.blocker_id = ${message.senderId} and b.blocked_id = r.user_id))
        and not exists (select 1 from conversation_mutes m
                        where m.user_id = r.user_id and m.conversation_id = ${message.conversationId}::uuid)`,
    type: 'message',
    collapseKey: `group_messages:${message.conversationId}`,
    title: `New messages in ${message.title}`,
    latest: `${message.senderName}: ${message.preview}`,
    countedBefore: COUNTED_MESSAGES,
    data: { conversationId: message.conversationId },
  });
}
