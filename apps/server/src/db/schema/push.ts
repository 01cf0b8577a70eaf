import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { session, user } from './auth.ts';
import { createdAt, id } from './columns.ts';
import { notifications } from './notifications.ts';

/** One row per device (browser) a member turned Push Notifications on in; the endpoint names the device. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser: unique, a second subscribe from it updates the row. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's ECDH public key and auth secret (RFC 8291): what the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceLabel: text('device_label').notNull(),
    /**
     * The sign-in it was made in: signing out there, from another device ("sign out of this device",
     * "sign out my other devices") or by a password change or suspension deletes the session, and with it
     * the pushes to this browser, so a shared or lost device stops showing her notifications.
     */
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The last push the service accepted for it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('push_subscriptions_user_created_idx').on(t.userId, t.createdAt),
    // A session's deletion finds its subscriptions by this index.
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * The delivery queue: one row per notification and device, filled in the notification's transaction and
 * emptied by the sender (modules/push/delivery-service.ts), which claims due rows with SKIP LOCKED.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be (re)tried: pushed forward while one sender holds it, and by the back-off after a failure. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.dueAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
    index('push_deliveries_notification_idx').on(t.notificationId),
  ],
);
