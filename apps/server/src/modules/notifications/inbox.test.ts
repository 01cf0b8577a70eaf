import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { createNotification } from './notification-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function notify(userId: string, n: number, type: 'post_like' | 'forum_reply' = 'post_like') {
  for (let i = 0; i < n; i++) {
    await createNotification(t.database.db, {
      userId,
      actorId: null,
      type,
      title: `Title ${i}`,
      message: `Message ${i}`,
    });
  }
}

describe('notifications', () => {
  it('need a session', async () => {
    expect((await t.api(undefined, 'GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('list the 50 newest of the member’s own, with the unread count', async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    await notify(member.id, 55);
    await notify(other.id, 2);
    // One second apart, oldest first, so the order does not hang on sub-millisecond ties.
    await t.database.db.execute(
      sql`update notifications set created_at = now() - ((54 - substring(title from 7)::int) * interval '1 second') where user_id = ${member.id}`,
    );
    const body = (await t.api(member, 'GET', '/api/notifications')).json();
    expect(body.notifications).toHaveLength(50);
    expect(body.unreadCount).toBe(55);
    expect(body.notifications[0].title).toBe('Title 54');
    expect(body.notifications.at(-1).title).toBe('Title 5');
  });

  it('mark one read (only her own) and all read', async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    await notify(member.id, 3);
    await notify(other.id, 1);
    const mine = (await t.api(member, 'GET', '/api/notifications')).json().notifications;
    const theirs = (await t.api(other, 'GET', '/api/notifications')).json().notifications;
    expect((await t.api(member, 'POST', `/api/notifications/${theirs[0].id}/read`)).statusCode).toBe(404);
    expect((await t.api(member, 'POST', `/api/notifications/${mine[0].id}/read`)).statusCode).toBe(200);
    expect((await t.api(member, 'GET', '/api/notifications')).json().unreadCount).toBe(2);
    expect((await t.api(member, 'POST', '/api/notifications/read-all')).json()).toEqual({ updated: 2 });
    expect((await t.api(other, 'GET', '/api/notifications')).json().unreadCount).toBe(1);
  });

  it('start with all preferences on and honour them when notifying', async () => {
    const member = await t.signUp();
    expect((await t.api(member, 'GET', '/api/notifications/preferences')).json()).toEqual({
      emailEnabled: true,
      pushEnabled: true,
      messageNotifications: true,
      eventNotifications: true,
      circleNotifications: true,
      forumNotifications: true,
      mentionNotifications: true,
      announcementEmails: true,
    });
    const off = await t.api(member, 'PATCH', '/api/notifications/preferences', { forumNotifications: false });
    expect(off.json().forumNotifications).toBe(false);
    expect((await t.api(member, 'PATCH', '/api/notifications/preferences', {})).statusCode).toBe(400);
    await notify(member.id, 1, 'forum_reply');
    await notify(member.id, 1, 'post_like');
    const types = (await t.database.db.select().from(notifications))
      .filter((row) => row.userId === member.id)
      .map((row) => row.type);
    expect(types).toEqual(['post_like']);
  });
});
