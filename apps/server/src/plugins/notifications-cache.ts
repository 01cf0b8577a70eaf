import type { NotificationList } from '@lunara/shared/notifications';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenWhileOpen } from '../lib/listen-while-open.ts';
import { createMemberCache } from '../lib/member-cache.ts';
import { onSuccessfulWrite } from '../lib/on-successful-write.ts';
import { listNotifications, NOTIFICATIONS_CHANNEL } from '../modules/notifications/inbox-service.ts';
import { sessionUserIfAsked } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A member's newest notifications and unread count, from memory while none of hers changed (decision 013). */
    readNotifications(memberId: string): Promise<NotificationList>;
  }
}

/**
 * Every page asks for the member's notifications (the bell), far more often than they change. Her
 * list is kept until a change to any of her notifications: the trigger's NOTIFY (migration 0009) tells
 * every process after the commit, in the same stream and before the real-time event that tells her
 * pages; and this process forgets the list of a member whose own write succeeded before it answers,
 * so that she reads what she has just marked read.
 */
export default fp(
  async (app: FastifyInstance) => {
    // About 20 kB a member: a couple of thousand members active at once fit in tens of megabytes.
    const cache = createMemberCache<NotificationList>({ ttlMs: 60_000, maxEntries: 2_000 });
    app.decorate('readNotifications', async (memberId: string) => {
      const list = await cache.resolve(memberId, async () => ({
        userId: memberId,
        value: await listNotifications(app.db, memberId),
      }));
      return list as NotificationList;
    });
    listenWhileOpen(app, NOTIFICATIONS_CHANNEL, (memberId) => cache.invalidateUser(memberId), cache.clear);
    // The member's own write may have changed her notifications (read them, or earned a badge).
    onSuccessfulWrite(app, (request) =>
      sessionUserIfAsked(request)?.then((user) => {
        if (user) cache.invalidateUser(user.id);
      }),
    );
  },
  { name: 'notifications-cache', dependencies: ['db', 'auth'] },
);
