import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { isNotificationSuppressed } from '../blocks/mute-service.ts';
import { createNotification, toAppNotification } from '../notifications/notification-service.ts';
import { publishEvent } from '../realtime/publish.ts';

interface GroupMessage {
  conversationId: string;
  title: string;
  senderId: string;
  senderName: string;
  preview: string;
  recipientIds: string[];
}

/** "Bella: see you Sunday", or "3 new messages. Latest, Bella: see you Sunday". */
export function groupMessageText(count: number, senderName: string, preview: string): string {
  const latest = `${senderName}: ${preview}`;
  return count <= 1 ? latest : `${count} new messages. Latest, ${latest}`;
}

/**
 * A group's messages are one notification per member and group while she has not read them: a lively
 * pod would otherwise bury her list. A new message brings it back to the top, unread, counting what
 * came since she last read it; members who switched message notifications off get none (the same
 * "message" type and switch as direct messages, so reading the conversation marks it read too).
 */
export async function notifyGroupMessage(tx: Db, message: GroupMessage): Promise<void> {
  const recipients = message.recipientIds.filter((id) => id !== message.senderId);
  if (recipients.length === 0) return;
  const muted = await tx
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, recipients), eq(notificationPreferences.messageNotifications, false)),
    );
  const mutedIds = new Set(muted.map((row) => row.userId));
  const collapseKey = `group_messages:${message.conversationId}`;
  const data = { conversationId: message.conversationId };
  for (const userId of recipients.filter((id) => !mutedIds.has(id))) {
    const [existing] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.collapseKey, collapseKey)))
      .for('update');
    if (!existing) {
      await createNotification(tx, {
        collapseKey,
        userId,
        actorId: message.senderId,
        type: 'message',
        title: `New messages in ${message.title}`,
        message: groupMessageText(1, message.senderName, message.preview),
        data: { ...data, count: 1 },
      });
      continue;
    }
    // A sender she blocked (or who blocked her), or a group she muted, renews nothing: createNotification's rule.
    if (await isNotificationSuppressed(tx, userId, message.senderId, data)) continue;
    const count = existing.read ? 1 : Number((existing.data as { count?: number }).count ?? 1) + 1;
    const [renewed] = await tx
      .update(notifications)
      .set({
        title: `New messages in ${message.title}`,
        message: groupMessageText(count, message.senderName, message.preview),
        data: { ...data, count },
        read: false,
        createdAt: sql`now()`,
        emailedAt: null,
      })
      .where(eq(notifications.id, existing.id))
      .returning();
    if (!renewed) continue;
    await publishEvent(tx, userId, {
      type: 'notification.created',
      notification: toAppNotification(renewed),
      replacesUnread: !existing.read,
    });
  }
}
