import { z } from 'zod';

export { NOTIFICATION_LIST_SIZE } from './notification-limits.ts';

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const preferencesSchema = z.object({
  emailEnabled: z.boolean(),
  pushEnabled: z.boolean(),
  messageNotifications: z.boolean(),
  eventNotifications: z.boolean(),
  circleNotifications: z.boolean(),
  forumNotifications: z.boolean(),
  mentionNotifications: z.boolean(),
  /** The owner's announcements by email (the one-click unsubscribe link turns it off). */
  announcementEmails: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof preferencesSchema>;
export const preferencesUpdateSchema = preferencesSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one preference');
