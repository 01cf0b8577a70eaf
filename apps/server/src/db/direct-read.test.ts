import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { directRead, isoTime } from './direct-read.ts';
import { user } from './schema/auth.ts';
import { userPoints } from './schema/community.ts';
import { notifications } from './schema/notifications.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  await database.db.insert(user).values({ id: 'reader', name: 'Reader', email: 'reader@example.com' });
  await database.db.insert(userPoints).values({ userId: 'reader', points: 42, badges: ['first_post', 'streak_7'] });
  await database.db.insert(notifications).values([
    {
      userId: 'reader',
      type: 'post_like',
      title: 'New like',
      message: 'A sister liked your post',
      data: { postId: 'p1', nested: { n: 1 } },
      createdAt: new Date('2026-03-01T10:20:30.456Z'),
    },
    {
      userId: 'reader',
      type: 'comment',
      title: 'New comment',
      message: 'Someone “replied”',
      read: true,
      createdAt: new Date('2026-03-02T00:00:00.000Z'),
    },
  ]);
});
afterAll(async () => database?.close());

const inbox = directRead((db) =>
  db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      read: notifications.read,
      data: notifications.data,
      createdAt: isoTime(notifications.createdAt),
      unread: sql<number>`(count(*) filter (where not ${notifications.read}) over ())::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt)),
);

describe('directRead', () => {
  it('returns the rows drizzle would, typed by the driver, with times as toISOString writes them', async () => {
    const rows = await inbox(database.db, { userId: 'reader' });
    const viaDrizzle = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, 'reader'))
      .orderBy(desc(notifications.createdAt));
    expect(rows).toEqual(
      viaDrizzle.map((row) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        read: row.read,
        data: row.data,
        createdAt: row.createdAt.toISOString(),
        unread: 1,
      })),
    );
    expect(rows[1]?.createdAt).toBe('2026-03-01T10:20:30.456Z');
    expect(await inbox(database.db, { userId: 'nobody' })).toEqual([]);
  });

  it('reads integers and text arrays as numbers and arrays', async () => {
    const points = directRead((db) =>
      db
        .select({ points: userPoints.points, badges: userPoints.badges })
        .from(userPoints)
        .where(eq(userPoints.userId, sql.placeholder('userId'))),
    );
    expect(await points(database.db, { userId: 'reader' })).toEqual([
      { points: 42, badges: ['first_post', 'streak_7'] },
    ]);
  });

  it('refuses fields the two drivers would return differently, and a missing value', async () => {
    const withTimestamp = directRead((db) => db.select({ at: notifications.createdAt }).from(notifications));
    await expect(withTimestamp(database.db)).rejects.toThrow(/"at" is timestamp/);
    const nested = directRead((db) => db.select({ author: { id: notifications.userId } }).from(notifications));
    await expect(nested(database.db)).rejects.toThrow(/"author" is not a column/);
    await expect(inbox(database.db, {})).rejects.toThrow(/No value for placeholder "userId"/);
  });
});
