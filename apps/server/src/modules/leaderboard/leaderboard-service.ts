import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardPeriod } from '@lunara/shared/profiles';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { directRead } from '../../db/direct-read.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { pointsPeriodTotals, userPoints } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import { canUseCommunityRowByRow } from '../billing/community-access.ts';

const memberFields = {
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  level: userPoints.level,
  badges: userPoints.badges,
  postsCount: userPoints.postsCount,
  commentsCount: userPoints.commentsCount,
  currentStreak: userPoints.currentStreak,
};

// Read on every visit to the leaderboard: run straight through the driver.
const allTimeTop = directRead((db) =>
  db
    .select({ userId: userPoints.userId, points: userPoints.points, ...memberFields })
    .from(userPoints)
    .innerJoin(profiles, eq(profiles.id, userPoints.userId))
    .where(and(gt(userPoints.points, 0), canUseCommunityRowByRow(userPoints.userId)))
    .orderBy(desc(userPoints.points), userPoints.userId)
    .limit(builderLimit(LEADERBOARD_SIZE)),
);
const periodTop = directRead((db) =>
  db
    .select({ userId: pointsPeriodTotals.userId, points: pointsPeriodTotals.points, ...memberFields })
    .from(pointsPeriodTotals)
    .innerJoin(profiles, eq(profiles.id, pointsPeriodTotals.userId))
    .leftJoin(userPoints, eq(userPoints.userId, pointsPeriodTotals.userId))
    .where(
      and(
        eq(pointsPeriodTotals.period, sql.placeholder('period')),
        eq(pointsPeriodTotals.periodStart, sql.placeholder('start')),
        gt(pointsPeriodTotals.points, 0),
        canUseCommunityRowByRow(pointsPeriodTotals.userId),
      ),
    )
    .orderBy(desc(pointsPeriodTotals.points), pointsPeriodTotals.userId)
    .limit(builderLimit(LEADERBOARD_SIZE)),
);

/** Migration 0008's triggers notify here whenever something a leaderboard shows changes. */
export const LEADERBOARD_CHANNEL = 'lunara_leaderboard';

/** The first instant of this week (Monday) or month, in UTC. */
export function periodStart(period: Exclude<LeaderboardPeriod, 'all'>, now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), period === 'month' ? 1 : now.getUTCDate()));
  if (period === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

/**
 * Top 50 of the members who can use the community (a free or lapsed account keeps her points but is
 * not ranked where she cannot go). All time reads the maintained totals (index on points); a week or
 * a month reads the per-period totals the ledger trigger keeps (index on period, start, points), so
 * the buttons really change the ranking and neither reads more than 50 rows.
 */
export async function getLeaderboard(db: Db, period: LeaderboardPeriod, now = new Date()): Promise<Leaderboard> {
  const rows =
    period === 'all'
      ? await allTimeTop(db)
      : await periodTop(db, { period, start: periodStart(period, now).toISOString().slice(0, 10) });
  return {
    period,
    entries: rows.map((row, index) => ({
      rank: index + 1,
      userId: row.userId,
      displayName: row.displayName ?? 'Anonymous',
      avatarUrl: servedAvatarUrl(row.avatarUrl),
      points: row.points,
      level: row.level ?? 1,
      badges: row.badges ?? [],
      postsCount: row.postsCount ?? 0,
      commentsCount: row.commentsCount ?? 0,
      currentStreak: row.currentStreak ?? 0,
    })),
  };
}
