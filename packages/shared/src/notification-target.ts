/**
 * Where a notification leads: the page about the thing it is about. One function for the bell (a click
 * in the app) and for Web Push (a click on the phone's notification), so both open the same page.
 */
export function notificationTarget(notification: { data: Record<string, unknown> }): string {
  const data = notification.data;
  // Her data export is ready: its download is in Settings.
  if (typeof data.exportId === 'string') return '/settings#data-export-section';
  if (typeof data.podId === 'string') return `/pods/${encodeURIComponent(data.podId)}`;
  if (typeof data.conversationId === 'string') {
    return `/community?tab=messages&conversation=${encodeURIComponent(data.conversationId)}`;
  }
  if (typeof data.topicId === 'string') return `/community?tab=forums&topic=${encodeURIComponent(data.topicId)}`;
  // The event itself, which says so if it was cancelled since.
  if (typeof data.eventId === 'string') return `/community?tab=events&event=${encodeURIComponent(data.eventId)}`;
  // The circle's own page (issue 34): a decision on her request, new posts in her circle, a removal.
  if (typeof data.circleId === 'string') return `/community/circles/${encodeURIComponent(data.circleId)}`;
  if (typeof data.postId === 'string') return `/community/post/${encodeURIComponent(data.postId)}`;
  return '/community';
}
