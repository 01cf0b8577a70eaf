import { POINTS } from '@lunara/shared/points';
import { calendarDayIn } from '@lunara/shared/time-zones';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userPoints } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import { type Award, awardPoints, movedPoints, recordAward, startingPoints, sumPerMember } from './ledger-service.ts';

type PointsRow = typeof userPoints.$inferSelect;

/** Badge rules (decisions.md section 6), checked after every change to the totals. */
const BADGE_RULES: Array<[badge: string, earned: (row: PointsRow) => boolean]> = [
  ['welcome', () => true],
  ['first_post', (row) => row.postsCount >= 1],
  ['supportive', (row) => row.commentsCount >= 10],
  ['consistent', (row) => row.currentStreak >= 7 || row.longestStreak >= 7],
  ['popular', (row) => row.likesReceived >= 25],
];

/** A member's totals as they start: nothing yet but the welcome badge. */
const newPointsRow = (userId: string) => ({ userId, badges: ['welcome'] });

/** The member's totals row, created (with the welcome badge) the first time it is needed. */
export async function ensurePointsRow(db: Db, userId: string) {
  await db.insert(userPoints).values(newPointsRow(userId)).onConflictDoNothing();
}

/** Adds earned badges; a badge once earned is kept. */
export async function refreshBadges(tx: Db, userId: string): Promise<void> {
  const [row] = await tx.select().from(userPoints).where(eq(userPoints.userId, userId));
  if (row) await addEarnedBadges(tx, row);
}

/** Adds the badges a row of totals has earned and does not hold yet (nothing to write when none). */
async function addEarnedBadges(tx: Db, row: PointsRow): Promise<void> {
  const earned = BADGE_RULES.filter(([badge, rule]) => !row.badges.includes(badge) && rule(row)).map(
    ([badge]) => badge,
  );
  if (earned.length === 0) return;
  await tx
    .update(userPoints)
    .set({
      badges: sql`${userPoints.badges} || array[${sql.join(
        earned.map((badge) => sql`${badge}`),
        sql`, `,
      )}]::text[]`,
      updatedAt: sql`now()`,
    })
    .where(eq(userPoints.userId, row.userId));
}

type Counter = 'postsCount' | 'commentsCount' | 'likesReceived';
const COUNTER_COLUMNS = {
  postsCount: userPoints.postsCount,
  commentsCount: userPoints.commentsCount,
  likesReceived: userPoints.likesReceived,
} as const;

/**
 * One upsert of her totals row: created as ensurePointsRow makes it, or `counter` moved by `delta` (never
 * below zero), and her points and level with it when `paid` is given. It returns the totals the badges
 * are checked on; a second statement only when a badge is earned.
 */
async function moveTotals(tx: Db, userId: string, counter: Counter, delta: number, paid?: number): Promise<void> {
  const column = COUNTER_COLUMNS[counter];
  const [row] = await tx
    .insert(userPoints)
    .values({
      ...newPointsRow(userId),
      ...(paid === undefined ? {} : startingPoints(paid)),
      [counter]: Math.max(delta, 0),
    })
    .onConflictDoUpdate({
      target: userPoints.userId,
      set: {
        ...(paid === undefined ? {} : movedPoints(paid)),
        [counter]: sql`greatest(${column} + ${delta}, 0)`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (row && delta > 0) await addEarnedBadges(tx, row);
}

/** Moves one of the member's activity counters by `delta` (never below zero), then re-checks badges. */
export function adjustCounter(tx: Db, userId: string, counter: Counter, delta: number): Promise<void> {
  return moveTotals(tx, userId, counter, delta);
}

/**
 * Pays an award and moves one of her activity counters with it (a post, a comment, a like received):
 * the ledger row first, as every writer takes it before her totals (decision 036), then one upsert of
 * her points, level and counter. A key already used pays nothing and moves the counter alone.
 */
export async function awardAndCount(tx: Db, award: Award, counter: Counter, delta: number): Promise<void> {
  const paid = await recordAward(tx, award);
  await moveTotals(tx, award.userId, counter, delta, paid ? award.amount : undefined);
}

/** Takes one off `counter` for each of these rows' authors (deleted content), members in a stable order. */
export async function adjustCounters(tx: Db, removed: Array<{ userId: string }>, counter: Counter): Promise<void> {
  for (const [userId, count] of sumPerMember(removed, () => 1)) {
    await adjustCounter(tx, userId, counter, -count);
  }
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) of `now` in a time zone, falling back to UTC for an unknown zone. */
export const localDate = calendarDayIn;

/**
 * Serializes one kind of a member's writes (two tabs opening at once, two ritual completions) without
 * locking her points row: every writer takes her ledger rows (whose trigger writes her week and month
 * totals) before her points row, and a transaction that took the points row first could wait on one that
 * holds her totals while that one waits on it (a deadlock seen in issue 35's day-in-the-life run).
 */
export async function lockMemberFor(tx: Db, purpose: 'daily-visit' | 'ritual-day', userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lunara:${purpose}`}), hashtext(${userId}))`);
}

/**
 * The daily login streak: the first visit of each of the member's days pays +1, and every 7th day in a
 * row pays the weekly +50 bonus. Two tabs opening at once count one visit (lockMemberFor).
 */
export async function recordDailyVisit(db: Db, userId: string, now = new Date()): Promise<void> {
  // Every page load asks: the usual answer ("already counted today") costs one read, no lock.
  const [seen] = await db
    .select({ lastActiveOn: userPoints.lastActiveOn, timeZone: profiles.timeZone })
    .from(profiles)
    .leftJoin(userPoints, eq(userPoints.userId, profiles.id))
    .where(eq(profiles.id, userId));
  // ">=": after her zone moves west, her new "today" can be a day she has already been counted for.
  if (seen?.lastActiveOn && seen.lastActiveOn >= localDate(now, seen.timeZone)) return;
  await db.transaction(async (tx) => {
    await lockMemberFor(tx, 'daily-visit', userId);
    const [profile] = await tx.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId));
    if (!profile) return;
    const today = localDate(now, profile.timeZone);
    const [row] = await tx.select().from(userPoints).where(eq(userPoints.userId, userId));
    if (row?.lastActiveOn != null && row.lastActiveOn >= today) return;
    const streak = row && row.lastActiveOn === addDays(today, -1) ? row.currentStreak + 1 : 1;
    // The ledger first (it creates her points row when she has none), then the streak on that row.
    await awardPoints(tx, {
      userId,
      amount: POINTS.dailyLogin,
      reason: 'daily_login',
      idempotencyKey: `daily:${userId}:${today}`,
    });
    if (streak % 7 === 0) {
      await awardPoints(tx, {
        userId,
        amount: POINTS.weeklyBonus,
        reason: 'weekly_bonus',
        idempotencyKey: `weekly:${userId}:${today}`,
      });
    }
    await tx
      .update(userPoints)
      .set({
        lastActiveOn: today,
        currentStreak: streak,
        longestStreak: sql`greatest(${userPoints.longestStreak}, ${streak})`,
        updatedAt: sql`now()`,
      })
      .where(eq(userPoints.userId, userId));
    await refreshBadges(tx, userId);
  });
}
