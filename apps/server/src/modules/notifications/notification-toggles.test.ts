import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { circleEvents, circles } from '../../db/schema/circles.ts';
import { notifications } from '../../db/schema/notifications.ts';

/**
 * Whatever a member can undo and redo notifies once (issue 25, item 17): each toggle that notifies is a
 * row here, cycled one at a time and concurrently; her list, her unread count and the platform's
 * maintained unread total all see one notification.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Toggle {
  /** Sets the stage; returns who is notified and the on/off calls made by `actor`. */
  setUp: () => Promise<{
    recipient: TestMember;
    actor: TestMember;
    on: () => Promise<number>;
    off: () => Promise<number>;
  }>;
  type: string;
}

const status = async (promise: ReturnType<TestApp['api']>) => (await promise).statusCode;
const nameOf = async (member: TestMember | undefined) =>
  (await t.api(member, 'GET', `/api/profiles/${member?.id}`)).json().displayName as string;
let listening: Promise<string> | undefined;
const baseUrl = () => {
  listening ??= t.listen();
  return listening;
};

async function makeEvent(): Promise<string> {
  const db = t.database.db;
  const [circle] = await db
    .insert(circles)
    .values({ name: `Toggle circle ${Date.now()}`, description: 'x', type: 'open', focusArea: 'x', maxMembers: 20 })
    .returning();
  const [event] = await db
    .insert(circleEvents)
    .values({
      circleId: circle?.id ?? '',
      title: 'Full moon gathering',
      description: 'Together',
      eventDate: new Date(Date.now() + 3 * 86_400_000),
      durationMinutes: 60,
      isVirtual: true,
      meetingLink: 'https://meet.example.com/moon',
    })
    .returning();
  return event?.id ?? '';
}

const TOGGLES: Record<string, Toggle> = {
  'like / unlike': {
    type: 'post_like',
    async setUp() {
      const recipient = await t.signUpSubscriber();
      const actor = await t.signUpSubscriber();
      const post = (await t.api(recipient, 'POST', '/api/posts', { title: 'Like me', content: 'Please' })).json();
      return {
        recipient,
        actor,
        on: () => status(t.api(actor, 'PUT', `/api/posts/${post.id}/like`)),
        off: () => status(t.api(actor, 'DELETE', `/api/posts/${post.id}/like`)),
      };
    },
  },
  'RSVP going / not going': {
    type: 'event_rsvp',
    async setUp() {
      // The confirmation goes to the member herself.
      const member = await t.signUpSubscriber();
      const eventId = await makeEvent();
      return {
        recipient: member,
        actor: member,
        on: () => status(t.api(member, 'PUT', `/api/events/${eventId}/rsvp`, { status: 'going' })),
        off: () => status(t.api(member, 'PUT', `/api/events/${eventId}/rsvp`, { status: 'not_going' })),
      };
    },
  },
};

async function notificationsOf(recipient: TestMember, type: string) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, recipient.id), eq(notifications.type, type)));
  const inbox = (await t.api(recipient, 'GET', '/api/notifications')).json();
  return { rows: rows.length, listed: inbox.notifications.length, unread: inbox.unreadCount };
}

/** The admin panel's maintained unread total beside the count it stands for. */
const unreadTotals = async () => {
  const [row] = await queryRows<{ maintained: number; counted: number }>(
    t.database.db,
    sql`select lunara_counter('notifications_unread')::int as maintained,
      (select count(*)::int from notifications where not read) as counted`,
  );
  return row;
};

describe('a toggle that notifies notifies once', () => {
  for (const [name, toggle] of Object.entries(TOGGLES)) {
    it(`${name}: five cycles leave one notification, one unread`, async () => {
      const { recipient, on, off } = await toggle.setUp();
      for (let round = 0; round < 5; round++) {
        expect(await on()).toBe(200);
        expect(await off()).toBe(200);
      }
      expect(await on()).toBe(200);
      expect(await notificationsOf(recipient, toggle.type)).toEqual({ rows: 1, listed: 1, unread: 1 });
    });

    it(`${name}: read, then cycled again, stays read (she is not pinged again)`, async () => {
      const { recipient, on, off } = await toggle.setUp();
      await on();
      expect((await t.api(recipient, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
      await off();
      await on();
      expect(await notificationsOf(recipient, toggle.type)).toEqual({ rows: 1, listed: 1, unread: 0 });
    });

    it(`${name}: concurrent cycles leave one notification`, async () => {
      const { recipient, on, off } = await toggle.setUp();
      const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => (n % 2 === 0 ? on() : off())));
      expect(answers.every((answer) => answer === 200)).toBe(true);
      await on();
      expect(await notificationsOf(recipient, toggle.type)).toEqual({ rows: 1, listed: 1, unread: 1 });
    });
  }

  it('the maintained unread total stays equal to the rows', async () => {
    for (const toggle of Object.values(TOGGLES)) {
      const { on, off } = await toggle.setUp();
      for (let round = 0; round < 3; round++) {
        await on();
        await off();
      }
    }
    const totals = await unreadTotals();
    expect(totals?.maintained).toBe(totals?.counted);
  });

  it('each liker counts once, the likes of a post collapse into one, and a second post is a new one', async () => {
    const author = await t.signUpSubscriber();
    const likers = [await t.signUpSubscriber(), await t.signUpSubscriber()];
    const posts = [
      (await t.api(author, 'POST', '/api/posts', { title: 'One', content: 'x' })).json(),
      (await t.api(author, 'POST', '/api/posts', { title: 'Two', content: 'x' })).json(),
    ];
    for (const post of posts) {
      for (const liker of likers) {
        await t.api(liker, 'PUT', `/api/posts/${post.id}/like`);
        await t.api(liker, 'DELETE', `/api/posts/${post.id}/like`);
        await t.api(liker, 'PUT', `/api/posts/${post.id}/like`);
      }
    }
    expect(await notificationsOf(author, 'post_like')).toEqual({ rows: 2, listed: 2, unread: 2 });
    const newest = await nameOf(likers[1]);
    const inbox = (await t.api(author, 'GET', '/api/notifications')).json().notifications;
    expect(inbox.map((n: { message: string }) => n.message)).toEqual([
      `${newest} and 1 other liked your post "Two"`,
      `${newest} and 1 other liked your post "One"`,
    ]);
    // Who was counted stays on the server.
    expect(inbox.map((n: { data: unknown }) => n.data)).toEqual([{ postId: posts[1].id }, { postId: posts[0].id }]);
  });

  it('a new liker brings the read notification back to the top, unread, counted once', async () => {
    const author = await t.signUpSubscriber();
    const [first, second, third] = [await t.signUpSubscriber(), await t.signUpSubscriber(), await t.signUpSubscriber()];
    const post = (await t.api(author, 'POST', '/api/posts', { title: 'Moon water', content: 'x' })).json();
    const other = (await t.api(author, 'POST', '/api/posts', { title: 'Other', content: 'x' })).json();
    await t.api(first, 'PUT', `/api/posts/${post.id}/like`);
    await t.api(second, 'PUT', `/api/posts/${post.id}/like`);
    expect(await notificationsOf(author, 'post_like')).toEqual({ rows: 1, listed: 1, unread: 1 });
    await t.api(first, 'PUT', `/api/posts/${other.id}/like`);
    await t.api(author, 'POST', '/api/notifications/read-all');

    const stream = await openEventStream(await baseUrl(), author.cookie);
    try {
      await stream.next((event) => event.type === 'ready');
      // An old liker again: nothing.
      await t.api(first, 'DELETE', `/api/posts/${post.id}/like`);
      await t.api(first, 'PUT', `/api/posts/${post.id}/like`);
      expect(await notificationsOf(author, 'post_like')).toEqual({ rows: 2, listed: 2, unread: 0 });
      // A new one: the same notification, on top, unread, her open pages told it replaces a read one.
      await t.api(third, 'PUT', `/api/posts/${post.id}/like`);
      const renewed = await stream.next((event) => event.type === 'notification.created');
      expect(renewed).toMatchObject({
        notification: { message: `${await nameOf(third)} and 2 others liked your post "Moon water"`, read: false },
        replacesUnread: false,
      });
      const inbox = (await t.api(author, 'GET', '/api/notifications')).json();
      expect(inbox.unreadCount).toBe(1);
      expect(inbox.notifications[0]).toMatchObject({ data: { postId: post.id }, read: false });
      expect(stream.events.filter((event) => event.type === 'notification.created')).toHaveLength(1);
    } finally {
      stream.close();
    }
    const totals = await unreadTotals();
    expect(totals?.maintained).toBe(totals?.counted);
  });
});
