import type { NotificationType } from '@lunara/shared/community';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';

/** Which preference switch governs which type; likes and comments are always delivered. */
const PREFERENCE_FOR: Partial<Record<NotificationType, keyof typeof notificationPreferences.$inferSelect>> = {
  message: 'messageNotifications',
  event_rsvp: 'eventNotifications',
  circle_invite: 'circleNotifications',
  circle_discussion: 'circleNotifications',
  forum_reply: 'forumNotifications',
};

interface NewNotification {
  userId: string;
  /** Who caused it: nobody is notified of her own action. */
  actorId: string | null;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

/** Creates a notification in the caller's transaction, honouring the recipient's preferences. */
export async function createNotification(tx: Db, input: NewNotification): Promise<boolean> {
  if (input.actorId === input.userId) return false;
  const preference = PREFERENCE_FOR[input.type];
  if (preference) {
    const [prefs] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, input.userId));
    if (prefs && prefs[preference] === false) return false;
  }
  await tx.insert(notifications).values({
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    data: input.data ?? {},
  });
  return true;
}
