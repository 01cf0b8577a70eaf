import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardPeriod } from '@lunara/shared/profiles';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';

interface Row {
  user_id: string;
  display_name: string | null;
  avatar_url: string | null;
  points: number;
  level: number | null;
  badges: string[] | null;
  posts_count: number | null;
  comments_count: number | null;
  current_streak: number | null;
}

/** The first instant of this week (Monday) or month, in UTC. */
export function periodStart(period: Exclude<LeaderboardPeriod, 'all'>, now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), period === 'month' ? 1 : now.getUTCDate()));
  if (period === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

/**
 * Top 50. All time reads the maintained totals (index on points); a week or a month reads the
 * per-period totals the ledger trigger keeps (index on period, start, points), so the buttons really
 * change the ranking and neither reads more than 50 rows.
 */
export async function getLeaderboard(db: Db, period: LeaderboardPeriod, now = new Date()): Promise<Leaderboard> {
  const rows =
    period === 'all'
      ? await queryRows<Row>(
          db,
          sql`select up.user_id, p.display_name, p.avatar_url, up.points, up.level, up.badges, up.posts_count,
                     up.comments_count, up.current_streak
              from user_points up join profiles p on p.id = up.user_id
              where up.points > 0
              order by up.points desc, up.user_id
              limit ${literalLimit(LEADERBOARD_SIZE)}`,
        )
      : await queryRows<Row>(
          db,
          sql`select t.user_id, p.display_name, p.avatar_url, t.points, up.level, up.badges,
                     up.posts_count, up.comments_count, up.current_streak
              from points_period_totals t join profiles p on p.id = t.user_id
              left join user_points up on up.user_id = t.user_id
              where t.period = ${period} and t.period_start = ${periodStart(period, now).toISOString().slice(0, 10)}::date
                and t.points > 0
              order by t.points desc, t.user_id
              limit ${literalLimit(LEADERBOARD_SIZE)}`,
        );
  return {
    period,
    entries: rows.map((row, index) => ({
      rank: index + 1,
      userId: row.user_id,
      displayName: row.display_name ?? 'Anonymous',
      avatarUrl: row.avatar_url,
      points: row.points,
      level: row.level ?? 1,
      badges: row.badges ?? [],
      postsCount: row.posts_count ?? 0,
      commentsCount: row.comments_count ?? 0,
      currentStreak: row.current_streak ?? 0,
    })),
  };
}
