import fs from 'node:fs';
import path from 'node:path';
import { MOON_PHASE_KEYS } from '@lunara/shared/rituals';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { type Database, migrationsFolder, queryRows } from './client.ts';
import { account, user } from './schema/auth.ts';
import { circleEvents, circles, eventRsvps } from './schema/circles.ts';
import { pointsLedger, postComments, postLikes, posts, userPoints } from './schema/community.ts';
import { courses, lessons } from './schema/courses.ts';
import { forumCategories, forumTopics } from './schema/forums.ts';
import { profiles, userRoles } from './schema/members.ts';
import { conversations, messages } from './schema/messages.ts';
import { dailyRituals, rituals } from './schema/rituals.ts';
import { runSeed } from './seed/seed.ts';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
const MIGRATION_COUNT: number = journal.entries.length;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(async () => database?.close());

const countOf = async (table: Parameters<ReturnType<Database['db']['select']>['from']>[0]) => {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

async function insertUser(id: string, email = `${id}@example.com`) {
  await database.db.insert(user).values({ id, name: id, email });
}

/** The Postgres error code of a failed statement (drizzle wraps the driver's error). */
async function errorCodeOf(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

describe(`migrations (${testDatabaseKind})`, () => {
  it('are recorded, and running them again changes nothing', async () => {
    await database.migrate();
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.n).toBe(MIGRATION_COUNT);
  });
});

describe('migrations started at once (several processes booting together)', () => {
  it('all succeed and apply each migration once', async () => {
    const fresh = await createTestDatabase();
    try {
      await Promise.all([fresh.migrate(), fresh.migrate(), fresh.migrate()]);
      const rows = await queryRows<{ n: number }>(
        fresh.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]?.n).toBe(MIGRATION_COUNT);
    } finally {
      await fresh.close();
    }
  });
});

describe('accounts', () => {
  it('get a profile (display name from her name, else the email) and the "user" role from the same insert', async () => {
    await database.db.insert(user).values({ id: 'acc-1', name: '  Selene Moon ', email: 'star.gazer@example.com' });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, 'acc-1'));
    expect(profile).toMatchObject({ displayName: 'Selene Moon', membershipStatus: 'inactive' });
    await database.db.insert(user).values({ id: 'acc-1b', name: ' ', email: 'night.owl@example.com' });
    const [unnamed] = await database.db.select().from(profiles).where(eq(profiles.id, 'acc-1b'));
    expect(unnamed?.displayName).toBe('night.owl');
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, 'acc-1'));
    expect(role?.role).toBe('user');
  });

  it('leave no profile or role behind when the account insert is rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(user).values({ id: 'acc-rollback', name: 'x', email: 'rollback@example.com' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await database.db.select().from(profiles).where(eq(profiles.id, 'acc-rollback'))).toEqual([]);
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, 'acc-rollback'))).toEqual([]);
  });

  it('have exactly one role', async () => {
    await insertUser('acc-2');
    const code = await errorCodeOf(database.db.insert(userRoles).values({ userId: 'acc-2', role: 'admin' }));
    expect(code).toBe('23505');
  });

  it('refuse a role outside admin, moderator, user', async () => {
    const code = await errorCodeOf(
      database.db.update(userRoles).set({ role: 'queen' }).where(eq(userRoles.userId, 'acc-2')),
    );
    expect(code).toBe('23514');
  });

  it('are deleted with everything that is theirs', async () => {
    await insertUser('acc-3');
    await database.db.delete(user).where(eq(user.id, 'acc-3'));
    expect(await database.db.select().from(profiles).where(eq(profiles.id, 'acc-3'))).toEqual([]);
  });
});

describe('constraints', () => {
  it('allow one like per member and post, and one RSVP per member and event', async () => {
    await runSeed(database.db, { demoData: true });
    await insertUser('c-1');
    const [post] = await database.db.select({ id: posts.id }).from(posts).limit(1);
    const [event] = await database.db.select({ id: circleEvents.id }).from(circleEvents).limit(1);
    if (!post || !event) throw new Error('demo data missing');

    await database.db.insert(postLikes).values({ postId: post.id, userId: 'c-1' });
    expect(await errorCodeOf(database.db.insert(postLikes).values({ postId: post.id, userId: 'c-1' }))).toBe('23505');

    await database.db.insert(eventRsvps).values({ eventId: event.id, userId: 'c-1', status: 'going' });
    expect(
      await errorCodeOf(database.db.insert(eventRsvps).values({ eventId: event.id, userId: 'c-1', status: 'maybe' })),
    ).toBe('23505');
    expect(
      await errorCodeOf(database.db.update(eventRsvps).set({ status: 'perhaps' }).where(eq(eventRsvps.userId, 'c-1'))),
    ).toBe('23514');
  });

  it('keep ritual energy between 1 and 5 and one completion per ritual and day', async () => {
    await insertUser('c-2');
    const [ritual] = await database.db.select({ id: rituals.id }).from(rituals).limit(1);
    if (!ritual) throw new Error('rituals missing');
    const completion = { userId: 'c-2', ritualId: ritual.id, moonPhase: 'full_moon', localDate: '2026-11-21' };
    expect(await errorCodeOf(database.db.insert(dailyRituals).values({ ...completion, energyLevel: 6 }))).toBe('23514');
    await database.db.insert(dailyRituals).values({ ...completion, energyLevel: 5 });
    expect(await errorCodeOf(database.db.insert(dailyRituals).values(completion))).toBe('23505');
  });

  it('keep one conversation per pair and refuse blank posts and negative counts', async () => {
    await insertUser('c-3');
    await insertUser('c-4');
    await database.db.insert(conversations).values({ participantA: 'c-3', participantB: 'c-4' });
    expect(
      await errorCodeOf(database.db.insert(conversations).values({ participantA: 'c-3', participantB: 'c-4' })),
    ).toBe('23505');
    expect(
      await errorCodeOf(database.db.insert(conversations).values({ participantA: 'c-4', participantB: 'c-3' })),
    ).toBe('23514');
    expect(await errorCodeOf(database.db.insert(posts).values({ userId: 'c-3', title: '   ', content: 'x' }))).toBe(
      '23514',
    );
    expect(
      await errorCodeOf(database.db.insert(posts).values({ userId: 'c-3', title: 't', content: 'c', likesCount: -1 })),
    ).toBe('23514');
  });
});

describe('seeding', () => {
  it('has the catalog: five courses, course 1 exactly as the spec lists it', async () => {
    await runSeed(database.db, { demoData: false });
    expect(await countOf(courses)).toBe(5);
    const courseOne = await database.db.select().from(lessons).where(eq(lessons.courseId, 1)).orderBy(lessons.position);
    expect(courseOne.map((lesson) => [lesson.id, lesson.title, lesson.durationMinutes])).toEqual([
      ['1-1', 'Breaking the Patriarchal Conditioning', 35],
      ['1-2', 'Understanding Your Lunar Cycles', 42],
      ['1-3', 'Solar Energy & Manifestation', 38],
      ['1-4', 'Creating Your Sacred Timeline', 45],
      ['1-5', 'Reclaiming Your Throne Ritual', 28],
    ]);
    const [first] = await database.db.select().from(courses).where(eq(courses.id, 1));
    expect(first).toMatchObject({ title: 'Goddess Goals', estimatedHours: 3 });
  });

  it('gives courses 2 to 5 four to six lessons that add up to the course hours', async () => {
    for (const id of [2, 3, 4, 5]) {
      const [course] = await database.db.select().from(courses).where(eq(courses.id, id));
      const list = await database.db.select().from(lessons).where(eq(lessons.courseId, id));
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.length).toBeLessThanOrEqual(6);
      const minutes = list.reduce((sum, lesson) => sum + lesson.durationMinutes, 0);
      expect(Math.round(minutes / 60)).toBe(course?.estimatedHours);
    }
  });

  it('has at least two multi-line ritual templates for every moon phase', async () => {
    const templates = await database.db.select().from(rituals).where(eq(rituals.isTemplate, true));
    for (const phase of MOON_PHASE_KEYS) {
      const ofPhase = templates.filter((ritual) => ritual.moonPhase === phase);
      expect(ofPhase.length, phase).toBeGreaterThanOrEqual(2);
      for (const ritual of ofPhase) expect(ritual.instructions.split('\n').length).toBeGreaterThan(2);
    }
  });

  it('has the forum categories and circles of every type', async () => {
    const categories = await database.db.select().from(forumCategories).orderBy(forumCategories.orderIndex);
    expect(categories.length).toBeGreaterThanOrEqual(5);
    const types = new Set((await database.db.select({ type: circles.type }).from(circles)).map((row) => row.type));
    expect(types).toEqual(new Set(['open', 'specialized', 'course_aligned', 'private']));
  });

  it('adds nothing twice when run again, demo data included', async () => {
    const tables = [
      courses,
      lessons,
      rituals,
      forumCategories,
      circles,
      user,
      posts,
      postComments,
      postLikes,
      forumTopics,
      circleEvents,
      eventRsvps,
      conversations,
      messages,
      pointsLedger,
      userPoints,
    ];
    await runSeed(database.db, { demoData: true });
    const before = await Promise.all(tables.map(countOf));
    await runSeed(database.db, { demoData: true });
    await runSeed(database.db, { demoData: true });
    expect(await Promise.all(tables.map(countOf))).toEqual(before);
  });

  it('demo members cannot sign in (no credential account) and counters match the rows', async () => {
    const demoIds = (await database.db.select({ id: user.id }).from(user)).filter((row) => row.id.startsWith('demo-'));
    expect(demoIds.length).toBeGreaterThanOrEqual(5);
    expect(await countOf(account)).toBe(0);

    const mismatched = await queryRows(
      database.db,
      sql`
      select p.id from posts p
      where p.likes_count <> (select count(*) from post_likes l where l.post_id = p.id)
         or p.comments_count <> (select count(*) from post_comments c where c.post_id = p.id)`,
    );
    expect(mismatched).toHaveLength(0);

    const upcoming = await database.db
      .select({ n: count() })
      .from(circleEvents)
      .where(sql`${circleEvents.eventDate} > now()`);
    expect(upcoming[0]?.n).toBeGreaterThanOrEqual(3);
  });
});
