import { type AdminStats, platformHealth } from '@lunara/shared/admin';
import { SUBSCRIBED_STATUSES } from '@lunara/shared/billing';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** get_admin_stats: the eight counts in one statement, and the Platform Health figures derived from them. */
export async function getAdminStats(db: Db, now = new Date()): Promise<AdminStats> {
  const statuses = sql.join(
    SUBSCRIBED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await queryRows<Omit<AdminStats, 'subscriptionRate' | 'engagementScore' | 'communityActivity'>>(
    db,
    sql`select
      (select count(*)::int from profiles) as "totalUsers",
      (select count(distinct user_id)::int from subscriptions where status in (${statuses})) as "activeSubscribers",
      (select count(*)::int from posts) as "totalPosts",
      (select count(*)::int from post_comments) as "totalComments",
      (select count(*)::int from forum_topics) as "totalForumTopics",
      (select count(*)::int from circles where is_active) as "activeCircles",
      (select count(*)::int from circle_events where not is_cancelled and event_date > ${now.toISOString()}::timestamptz) as "upcomingEvents",
      (select count(*)::int from notifications where not read) as "unreadNotifications",
      (select count(*)::int from circle_memberships where status = 'pending') as "pendingCircleRequests"`,
  );
  if (!row) throw new Error('Statistics query returned nothing');
  return { ...row, ...platformHealth(row) };
}
