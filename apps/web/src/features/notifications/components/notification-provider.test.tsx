import type { AppNotification, NotificationList } from '@lunara/shared/notifications';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { applyNotificationEvent, useNotifications } from './notification-provider.tsx';

const notification = (id: string, read = false): AppNotification => ({
  id,
  type: 'post_like',
  title: 'New like',
  message: `Like ${id}`,
  read,
  data: {},
  createdAt: new Date().toISOString(),
});

const inbox = (...items: AppNotification[]): NotificationList => ({
  notifications: items,
  unreadCount: items.filter((item) => !item.read).length,
});

describe('the notification context', () => {
  it('used outside its provider throws the spec’s message', () => {
    function Bell() {
      useNotifications();
      return null;
    }
    expect(() => renderToString(<Bell />)).toThrow('useNotifications must be used within a NotificationProvider');
  });
});

describe('live notification events', () => {
  it('prepend a new one once, keeping the 50 newest', () => {
    const full = inbox(...Array.from({ length: 50 }, (_, i) => notification(`n${i}`, true)));
    const event = { type: 'notification.created', notification: notification('new') } as const;
    const next = applyNotificationEvent(full, event);
    expect(next.notifications).toHaveLength(50);
    expect(next.notifications[0]?.id).toBe('new');
    expect(next.unreadCount).toBe(1);
    // The same event again (it can come twice after a reconnect) changes nothing.
    expect(applyNotificationEvent(next, event)).toBe(next);
  });

  it('bring a collapsed one back to the top with a new like, counting it unread once', () => {
    const liked = notification('likes', true);
    const list = inbox(notification('a'), liked);
    const renewed = {
      type: 'notification.created',
      notification: { ...liked, read: false, message: 'Bella and 1 other liked', createdAt: 'later' },
      replacesUnread: false,
    } as const;
    const next = applyNotificationEvent(list, renewed);
    expect(next.notifications.map((n) => [n.id, n.read])).toEqual([
      ['likes', false],
      ['a', false],
    ]);
    expect(next.unreadCount).toBe(2);
    // Another like while it is still unread: still one unread for it, the newest message on top.
    const again = {
      ...renewed,
      notification: { ...renewed.notification, message: 'Bella and 2 others liked', createdAt: 'later still' },
      replacesUnread: true,
    };
    const after = applyNotificationEvent(next, again);
    expect(after.unreadCount).toBe(2);
    expect(after.notifications.map((n) => n.message)).toEqual(['Bella and 2 others liked', 'Like a']);
    expect(applyNotificationEvent(after, again)).toBe(after);
    // Brought back from beyond the 50 she holds: the server says whether it was already counted unread.
    expect(applyNotificationEvent(inbox(notification('a')), again).unreadCount).toBe(1);
    expect(applyNotificationEvent(inbox(notification('a')), renewed).unreadCount).toBe(2);
  });

  it('replace an updated one and count it read once', () => {
    const list = inbox(notification('a'), notification('b'));
    const read = { type: 'notification.updated', notification: notification('a', true) } as const;
    const next = applyNotificationEvent(list, read);
    expect(next.notifications.map((n) => n.read)).toEqual([true, false]);
    expect(next.unreadCount).toBe(1);
    expect(applyNotificationEvent(next, read).unreadCount).toBe(1);
  });

  it('mark all read', () => {
    const next = applyNotificationEvent(inbox(notification('a'), notification('b')), {
      type: 'notifications.all-read',
    });
    expect(next.unreadCount).toBe(0);
    expect(next.notifications.every((n) => n.read)).toBe(true);
  });
});
