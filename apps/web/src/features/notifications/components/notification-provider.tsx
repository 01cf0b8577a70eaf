import { NOTIFICATION_LIST_SIZE } from '@lunara/shared/notification-limits';
import type { AppNotification, NotificationList } from '@lunara/shared/notifications';
import type { RealtimeEvent } from '@lunara/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  getNotificationsQueryOptions,
  useMarkAllRead,
  useMarkRead,
  useNotificationsQuery,
} from '../api/notifications.ts';
import { isOnScreen, notificationTarget } from '../lib/notification-target.ts';

interface NotificationContextValue {
  notifications: AppNotification[];
  unreadCount: number;
  isLoading: boolean;
  /** Marks one read if it is unread (spec: clicking an unread one). */
  markRead(notification: AppNotification): void;
  markAllRead(): void;
  isMarkingAll: boolean;
  /** Where a notification leads. */
  open(notification: AppNotification): void;
}

const NotificationContext = createContext<NotificationContextValue | null>(null);

/** Applies one stream event to the cached inbox: prepend new ones, replace updated ones. */
export function applyNotificationEvent(list: NotificationList, event: RealtimeEvent): NotificationList {
  switch (event.type) {
    case 'notification.created': {
      const before = list.notifications.find((n) => n.id === event.notification.id);
      // The same event twice (after a reconnect) changes nothing.
      if (before?.createdAt === event.notification.createdAt) return list;
      // One brought back to the top (a collapsed one with a new like) counts once: what it replaces
      // leaves the count if it was unread (as this list has it, else as the server says).
      const replacedUnread = before ? !before.read : Boolean(event.replacesUnread);
      return {
        notifications: [event.notification, ...list.notifications.filter((n) => n.id !== event.notification.id)].slice(
          0,
          NOTIFICATION_LIST_SIZE,
        ),
        unreadCount: Math.max(0, list.unreadCount + (event.notification.read ? 0 : 1) - (replacedUnread ? 1 : 0)),
      };
    }
    case 'notification.updated': {
      const before = list.notifications.find((n) => n.id === event.notification.id);
      const change = before && !before.read && event.notification.read ? -1 : 0;
      return {
        notifications: list.notifications.map((n) => (n.id === event.notification.id ? event.notification : n)),
        unreadCount: Math.max(0, list.unreadCount + change),
      };
    }
    case 'notifications.all-read':
      return { notifications: list.notifications.map((n) => ({ ...n, read: true })), unreadCount: 0 };
    default:
      return list;
  }
}

/** The member's notifications, kept live by the event stream; new ones also show as a toast. */
export function NotificationProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inbox = useNotificationsQuery(enabled);
  const markOne = useMarkRead();
  const markAll = useMarkAllRead();
  const { queryKey } = getNotificationsQueryOptions();

  useRealtimeEvents((event) => {
    if (event.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey });
      return;
    }
    const cached = queryClient.getQueryData(queryKey);
    if (cached) queryClient.setQueryData(queryKey, applyNotificationEvent(cached, event));
    else if (event.type.startsWith('notification')) void queryClient.invalidateQueries({ queryKey });
    if (event.type === 'notification.created' && !isOnScreen(event.notification, window.location)) {
      const { notification } = event;
      toast(notification.title, {
        description: notification.message,
        action: { label: 'View', onClick: () => navigate(notificationTarget(notification)) },
      });
    }
  });

  const value = useMemo<NotificationContextValue>(
    () => ({
      notifications: inbox.data?.notifications ?? [],
      unreadCount: inbox.data?.unreadCount ?? 0,
      isLoading: inbox.isPending && enabled,
      markRead: (notification) => {
        if (!notification.read) markOne.mutate(notification.id);
      },
      markAllRead: () => markAll.mutate(),
      isMarkingAll: markAll.isPending,
      open: (notification) => navigate(notificationTarget(notification)),
    }),
    [inbox.data, inbox.isPending, enabled, markOne, markAll, navigate],
  );
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>;
}

export function useNotifications(): NotificationContextValue {
  const context = useContext(NotificationContext);
  if (!context) throw new Error('useNotifications must be used within a NotificationProvider');
  return context;
}
