import {
  NOTIFICATION_LIST_SIZE,
  type NotificationList,
  type NotificationPreferences,
} from '@lunara/shared/notifications';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { directRead, isoTime } from '../../db/direct-read.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { notFound } from '../../errors.ts';
import { publishEvent } from '../realtime/publish.ts';
import { aboutCircleContentSheSees } from './circle-content-notifications.ts';
import { SERVER_ONLY_DATA_KEY, toAppNotification } from './notification-service.ts';

/** The channel migration 0009's trigger tells, with the member's id, of any change to her notifications. */
export const NOTIFICATIONS_CHANNEL = 'lunara_notifications';

// What leads into a circle she is no longer in is not hers to read (issue 34).
const sheMayOpen = aboutCircleContentSheSees(sql`${sql.placeholder('userId')}`, notifications.type, notifications.data);

// Read on every page of the app: run straight through the driver.
const newestNotifications = directRead((db) =>
  db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      read: notifications.read,
      data: sql<unknown>`${notifications.data} - ${sql.raw(`'${SERVER_ONLY_DATA_KEY}'`)}`,
      createdAt: isoTime(notifications.createdAt),
    })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), sheMayOpen))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(builderLimit(NOTIFICATION_LIST_SIZE)),
);
const unreadNotifications = directRead((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.read, false), sheMayOpen)),
);

/** The member's 50 newest notifications and her unread count; nobody reads anyone else's. */
export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    newestNotifications(db, { userId }),
    unreadNotifications(db, { userId }),
  ]);
  return {
    notifications: rows.map((row) => ({ ...row, data: row.data as Record<string, unknown> })),
    unreadCount: unread?.n ?? 0,
  };
}

/** Marks one of the member's own notifications read (404 for anyone else's). */
export async function markRead(db: Db, userId: string, notificationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
      .returning();
    if (!row) throw notFound('This notification does not exist');
    // Her other tabs and devices replace the item.
    await publishEvent(tx, userId, { type: 'notification.updated', notification: toAppNotification(row) });
  });
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    if (updated.length > 0) await publishEvent(tx, userId, { type: 'notifications.all-read' });
    return updated.length;
  });
}

const toPreferences = (row: typeof notificationPreferences.$inferSelect): NotificationPreferences => ({
  emailEnabled: row.emailEnabled,
  pushEnabled: row.pushEnabled,
  messageNotifications: row.messageNotifications,
  eventNotifications: row.eventNotifications,
  circleNotifications: row.circleNotifications,
  forumNotifications: row.forumNotifications,
  mentionNotifications: row.mentionNotifications,
  announcementEmails: row.announcementEmails,
});

/** The member's preferences; the row is created with all six flags on at first use (spec section 9). */
export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  await db.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) throw new Error('Preferences were not created');
  return toPreferences(row);
}

export async function updatePreferences(
  db: Db,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  await getPreferences(db, userId);
  await db
    .update(notificationPreferences)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(notificationPreferences.userId, userId));
  return getPreferences(db, userId);
}
