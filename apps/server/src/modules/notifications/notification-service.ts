import type { NotificationType } from '@lunara/shared/community';
import type { AppNotification } from '@lunara/shared/notifications';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { isNotificationSuppressed } from '../blocks/mute-service.ts';
import { enqueuePushDeliveries } from '../push/push-queue.ts';
import { publishEvent } from '../realtime/publish.ts';

/** Which preference switch governs which type; likes and comments are always delivered. */
const PREFERENCE_FOR: Partial<Record<NotificationType, keyof typeof notificationPreferences.$inferSelect>> = {
  message: 'messageNotifications',
  event_rsvp: 'eventNotifications',
  event_changed: 'eventNotifications',
  event_cancelled: 'eventNotifications',
  event_reminder: 'eventNotifications',
  circle_invite: 'circleNotifications',
  circle_declined: 'circleNotifications',
  circle_discussion: 'circleNotifications',
  forum_reply: 'forumNotifications',
  mention: 'mentionNotifications',
  pod_request: 'circleNotifications',
  pod_accepted: 'circleNotifications',
  pod_declined: 'circleNotifications',
  pod_removed: 'circleNotifications',
  pod_meeting: 'eventNotifications',
};

/**
 * What staff send in their role, not as a member: a block does not hold these back (blocking is for
 * members; moderation outcomes come with no actor at all).
 */
const STAFF_NOTICES: ReadonlySet<NotificationType> = new Set([
  'circle_invite',
  'circle_declined',
  'event_changed',
  'event_cancelled',
]);

interface NewNotification {
  userId: string;
  /** Who caused it: nobody is notified of her own action. */
  actorId: string | null;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
  /**
   * For what a member can toggle (a like, going to an event): at most one notification per key and
   * recipient, ever, so that undoing and redoing does not ping her again (the unique key decides races).
   */
  collapseKey?: string;
}

/**
 * Creates a notification in the caller's transaction, honouring the recipient's preferences; her open
 * streams get it when the transaction commits. Returns false when nothing was created.
 */
export async function createNotification(tx: Db, input: NewNotification): Promise<boolean> {
  if (input.actorId === input.userId) return false;
  // Blocks (either way) and her mutes: the one place every notification passes. A staff notice (her
  // circle request decided, an event she is going to changed) reaches her even from staff she blocked.
  const blockingActor = STAFF_NOTICES.has(input.type) ? null : input.actorId;
  if (await isNotificationSuppressed(tx, input.userId, blockingActor, input.data)) return false;
  const preference = PREFERENCE_FOR[input.type];
  if (preference) {
    const [prefs] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, input.userId));
    if (prefs && prefs[preference] === false) return false;
  }
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      data: input.data ?? {},
      collapseKey: input.collapseKey ?? null,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.collapseKey] })
    .returning();
  if (!row) return false;
  await publishEvent(tx, input.userId, { type: 'notification.created', notification: toAppNotification(row) });
  await enqueuePushDeliveries(tx, row.id, input.userId);
  return true;
}

/**
 * What a notification's data keeps for the server alone (who has already been counted in a collapsed
 * one): never sent to the member, whose list only needs the rest.
 */
export const SERVER_ONLY_DATA_KEY = 'likerIds';

export function toAppNotification(row: typeof notifications.$inferSelect): AppNotification {
  const { [SERVER_ONLY_DATA_KEY]: _serverOnly, ...data } = (row.data ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    data,
    createdAt: row.createdAt.toISOString(),
  };
}
