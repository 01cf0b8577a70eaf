import type { AppNotification } from '@lunara/shared/notifications';

/** Where a notification leads: the thing it is about. */
export function notificationTarget(notification: AppNotification): string {
  const data = notification.data;
  // Her data export is ready: its download is in Settings.
  if (typeof data.exportId === 'string') return '/settings#data-export-section';
  if (typeof data.podId === 'string') return `/pods/${encodeURIComponent(data.podId)}`;
  if (typeof data.conversationId === 'string') return `/community?tab=messages&conversation=${data.conversationId}`;
  if (typeof data.topicId === 'string') return `/community?tab=forums&topic=${data.topicId}`;
  // The event itself, which says so if it was cancelled since.
  if (typeof data.eventId === 'string') return `/community?tab=events&event=${data.eventId}`;
  if (typeof data.circleId === 'string') return '/community?tab=circles';
  if (typeof data.postId === 'string') return `/community/post/${data.postId}`;
  return '/community';
}

/** True when she is already looking at what it is about (no toast then). */
export function isOnScreen(notification: AppNotification, location: Location): boolean {
  const { conversationId } = notification.data;
  return (
    typeof conversationId === 'string' && new URLSearchParams(location.search).get('conversation') === conversationId
  );
}
