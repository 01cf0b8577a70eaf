import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { pointsLedger, userPoints } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import { periodStart } from '../leaderboard/leaderboard-service.ts';
import { recordDailyVisit } from '../points/member-points-service.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const subscriber = () => t.signUpSubscriber();
const pointsRow = async (userId: string) =>
  (await t.database.db.select().from(userPoints).where(eq(userPoints.userId, userId)))[0];

describe('profiles', () => {
  it("opens another member's profile read-only, creating her points row", async () => {
    const me = await subscriber();
    const other = await t.signUp();
    await t.database.db.delete(userPoints).where(eq(userPoints.userId, other.id));
    const response = await t.request({ method: 'GET', url: `/api/profiles/${other.id}`, cookie: me.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: other.id, isMe: false, stats: { level: 1, badges: ['welcome'] } });
    expect(await pointsRow(other.id)).toBeDefined();
    expect((await t.request({ method: 'GET', url: '/api/profiles/nobody', cookie: me.cookie })).statusCode).toBe(404);
  });

  it('lets the owner edit her own profile only', async () => {
    const me = await subscriber();
    const edited = await t.request({
      method: 'PUT',
      url: '/api/profiles/me',
      cookie: me.cookie,
      payload: { displayName: '  Luna Star ', bio: 'Moon lover' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ displayName: 'Luna Star', bio: 'Moon lover', isMe: true });
    const blank = await t.request({
      method: 'PUT',
      url: '/api/profiles/me',
      cookie: me.cookie,
      payload: { displayName: '   ' },
    });
    expect(blank.json().error.message).toBe('Your display name cannot be empty');
    // There is no route to edit someone else's profile.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/profiles/${me.id}`,
          cookie: me.cookie,
          payload: { displayName: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses any avatar address in the profile edit: a photo changes only by upload or removal', async () => {
    const me = await subscriber();
    await t.database.db.update(profiles).set({ avatarUrl: '/media/own-upload' }).where(eq(profiles.id, me.id));
    // A picture on another host would tell it the address of every member who sees it; even an address
    // of this server's would let her wear someone else's upload, and null would bypass the removal route.
    for (const avatarUrl of [
      'https://tracker.example/me.png',
      '//tracker.example/me.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zy8+',
      '/media/someone-elses-upload',
      '',
      null,
    ]) {
      const refused = await t.request({
        method: 'PUT',
        url: '/api/profiles/me',
        cookie: me.cookie,
        payload: { displayName: 'Renamed', bio: 'Changed', avatarUrl },
      });
      expect(refused.statusCode, String(avatarUrl)).toBe(400);
      expect(refused.json().error.message).toBe('Upload a photo instead of linking one');
    }
    // Nothing of a refused edit is kept: not the photo, nor the name and bio sent with it.
    const [stored] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(stored?.avatarUrl).toBe('/media/own-upload');
    expect(stored?.displayName).not.toBe('Renamed');
    expect(stored?.bio).not.toBe('Changed');
    // Saving the name and bio alone keeps her photo.
    const saved = await t.api(me, 'PUT', '/api/profiles/me', { displayName: 'Renamed', bio: 'Changed' });
    expect(saved.json()).toMatchObject({ displayName: 'Renamed', avatarUrl: '/media/own-upload' });
  });
});

describe('the profile stats', () => {
  it('count her feed posts as Posts: not her forum topics, replies or comments', async () => {
    const me = await subscriber();
    const post = (await t.api(me, 'POST', '/api/posts', { title: 'Mine', content: 'A post' })).json();
    await t.api(me, 'POST', `/api/posts/${post.id}/comments`, { content: 'A comment' });
    const categoryId = (await t.api(me, 'GET', '/api/forums/categories')).json().categories[0].id;
    const topic = (
      await t.api(me, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'A topic', content: 'x' })
    ).json();
    await t.api(me, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'A reply' });
    const { stats } = (await t.api(me, 'GET', `/api/profiles/${me.id}`)).json();
    expect(stats.postsCount).toBe(1);
  });
});

describe('daily visits and streaks', () => {
  it('pays +1 once a day, +50 on every 7th day in a row, and earns the consistent badge', async () => {
    const member = await t.signUp();
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));
    await recordDailyVisit(t.database.db, member.id, day(0));
    await recordDailyVisit(t.database.db, member.id, day(0));
    expect(await pointsRow(member.id)).toMatchObject({ points: 1, currentStreak: 1 });
    for (let n = 1; n < 7; n++) await recordDailyVisit(t.database.db, member.id, day(n));
    const week = await pointsRow(member.id);
    expect(week).toMatchObject({ points: 7 + 50, currentStreak: 7 });
    expect(week?.badges).toContain('consistent');
    await recordDailyVisit(t.database.db, member.id, day(9));
    expect(await pointsRow(member.id)).toMatchObject({ currentStreak: 1, points: 58 });
  });

  it('counts opening the app (GET /api/me) as the visit', async () => {
    const member = await t.signUp();
    await t.request({ method: 'GET', url: '/api/me', cookie: member.cookie });
    await t.request({ method: 'GET', url: '/api/me', cookie: member.cookie });
    expect(await pointsRow(member.id)).toMatchObject({ points: 1, currentStreak: 1 });
  });
});

describe('leaderboard', () => {
  it('ranks all time by total points and the week or month by points earned in it', async () => {
    const viewer = await subscriber();
    const veteran = await subscriber();
    const riser = await subscriber();
    const now = new Date();
    const longAgo = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000);
    await t.database.db.insert(pointsLedger).values([
      { userId: veteran.id, amount: 500, reason: 'lesson', idempotencyKey: `old-${veteran.id}`, createdAt: longAgo },
      { userId: riser.id, amount: 40, reason: 'post', idempotencyKey: `new-${riser.id}`, createdAt: now },
    ]);
    await t.database.db
      .insert(userPoints)
      .values({ userId: veteran.id, points: 500, level: 5 })
      .onConflictDoUpdate({ target: userPoints.userId, set: { points: 500, level: 5 } });
    await t.database.db
      .insert(userPoints)
      .values({ userId: riser.id, points: 40 })
      .onConflictDoUpdate({ target: userPoints.userId, set: { points: 40 } });

    const board = async (period: string) =>
      (await t.request({ method: 'GET', url: `/api/leaderboard?period=${period}`, cookie: viewer.cookie })).json();
    const all = await board('all');
    const rankOf = (entries: Array<{ userId: string }>, id: string) =>
      entries.findIndex((entry) => entry.userId === id);
    expect(rankOf(all.entries, veteran.id)).toBeLessThan(rankOf(all.entries, riser.id));
    for (const period of ['week', 'month']) {
      const entries = (await board(period)).entries;
      expect(rankOf(entries, veteran.id), period).toBe(-1);
      expect(entries.find((entry: { userId: string }) => entry.userId === riser.id)?.points).toBe(40);
    }
    expect(all.entries.length).toBeLessThanOrEqual(50);
    expect(
      (await t.request({ method: 'GET', url: '/api/leaderboard?period=year', cookie: viewer.cookie })).statusCode,
    ).toBe(400);
  });

  it('shows every change at once: points earned here, and changes made by another process once it commits', async () => {
    const viewer = await subscriber();
    const board = async (period = 'all') =>
      (await t.request({ method: 'GET', url: `/api/leaderboard?period=${period}`, cookie: viewer.cookie })).json()
        .entries as Array<{ userId: string; displayName: string; points: number }>;
    const entryOf = async (id: string, period = 'all') => (await board(period)).find((entry) => entry.userId === id);
    await t.database.db
      .insert(userPoints)
      .values({ userId: viewer.id, points: 100_000 })
      .onConflictDoUpdate({ target: userPoints.userId, set: { points: 100_000 } });
    await board(); // read once: from now on answered from memory
    const weekBefore = (await entryOf(viewer.id, 'week'))?.points ?? 0;

    // Earned through the app: the next read shows it.
    const posted = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: viewer.cookie,
      payload: { title: 'New moon', content: 'Setting intentions', category: 'general' },
    });
    expect(posted.statusCode).toBe(200);
    expect((await entryOf(viewer.id))?.points).toBe(100_010);
    expect((await entryOf(viewer.id, 'week'))?.points).toBe(weekBefore + 10);

    // Written by someone else (another app process, an admin in psql): shown once the change's notice
    // arrives, which is right after its commit.
    await t.database.db.update(userPoints).set({ points: 100_500 }).where(eq(userPoints.userId, viewer.id));
    await vi.waitFor(async () => expect((await entryOf(viewer.id))?.points).toBe(100_500), { timeout: 5000 });
    await t.database.db.update(profiles).set({ displayName: 'Selene' }).where(eq(profiles.id, viewer.id));
    await vi.waitFor(async () => expect((await entryOf(viewer.id))?.displayName).toBe('Selene'), { timeout: 5000 });
  });

  it('ranks only members who can use the community: paying members, moderators and admins', async () => {
    const viewer = await subscriber();
    const free = await t.signUp();
    const moderator = await t.signUp();
    const lapsed = await subscriber();
    // Her membership ended: the rule reads the subscription itself, as the community's guard does.
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, lapsed.id));
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
    const now = new Date();
    for (const [n, member] of [free, moderator, lapsed].entries()) {
      await t.database.db
        .insert(userPoints)
        .values({ userId: member.id, points: 90_000 + n })
        .onConflictDoUpdate({ target: userPoints.userId, set: { points: 90_000 + n } });
      await t.database.db.insert(pointsLedger).values({
        userId: member.id,
        amount: 900,
        reason: 'lesson',
        idempotencyKey: `rank-${member.id}`,
        createdAt: now,
      });
    }
    for (const period of ['all', 'week', 'month']) {
      const ranked = async () =>
        (await t.request({ method: 'GET', url: `/api/leaderboard?period=${period}`, cookie: viewer.cookie }))
          .json()
          .entries.map((entry: { userId: string }) => entry.userId);
      // Written straight to the database: the boards in memory are forgotten when its notice arrives.
      await vi.waitFor(async () => expect(await ranked(), period).toContain(moderator.id), { timeout: 5000 });
      expect(await ranked(), period).not.toContain(free.id);
      expect(await ranked(), period).not.toContain(lapsed.id);
    }
  });

  it('starts the week on Monday and the month on the 1st (UTC)', () => {
    const thursday = new Date('2026-11-19T15:00:00Z');
    expect(periodStart('week', thursday).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(periodStart('month', thursday).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStart('week', new Date('2026-11-22T23:00:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});
