import type { AppNotification } from '@lunara/shared/notifications';

// Shared with the server, which puts the same page in each push notification.
export { notificationTarget } from '@lunara/shared/notification-target';

/** True when she is already looking at what it is about (no toast then). */
export function isOnScreen(notification: AppNotification, location: Location): boolean {
  const { conversationId } = notification.data;
  return (
    typeof conversationId === 'string' && new URLSearchParams(location.search).get('conversation') === conversationId
  );
}
