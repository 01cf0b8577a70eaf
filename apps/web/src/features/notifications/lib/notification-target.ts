import type { AppNotification } from '@lunara/shared/notifications';

/** Where a notification leads: the thing it is about. */
export function notificationTarget(notification: AppNotification): string {
  const data = notification.data;
  if (typeof data.conversationId === 'string') return `/community?tab=messages&conversation=${data.conversationId}`;
  if (typeof data.topicId === 'string') return `/community?tab=forums&topic=${data.topicId}`;
  if (typeof data.eventId === 'string') return '/community?tab=events';
  if (typeof data.circleId === 'string') return '/community?tab=circles';
  return '/community';
}

/** True when she is already looking at what it is about (no toast then). */
export function isOnScreen(notification: AppNotification, location: Location): boolean {
  const { conversationId } = notification.data;
  return (
    typeof conversationId === 'string' && new URLSearchParams(location.search).get('conversation') === conversationId
  );
}
