import { type AdminStats, platformHealth } from '@lunara/shared/admin';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { counterValue } from './maintained-totals.ts';

/**
 * get_admin_stats: the eight counts in one statement, and the Platform Health figures derived from them.
 * Counts over tables that grow with the community are maintained totals (exact, read in constant
 * time); active subscribers are the members whose membership_status (derived from their subscriptions
 * in the same transaction) is active. Circles, events and pending requests are small and counted.
 */
export async function getAdminStats(db: Db, now = new Date()): Promise<AdminStats> {
  const [row] = await queryRows<Omit<AdminStats, 'subscriptionRate' | 'engagementScore' | 'communityActivity'>>(
    db,
    sql`select
      ${counterValue('profiles')} as "totalUsers",
      ${counterValue('members_active')} as "activeSubscribers",
      ${counterValue('posts')} as "totalPosts",
      ${counterValue('post_comments')} as "totalComments",
      ${counterValue('forum_topics')} as "totalForumTopics",
      (select count(*)::int from circles where is_active) as "activeCircles",
      (select count(*)::int from circle_events where not is_cancelled and event_date > ${now.toISOString()}::timestamptz) as "upcomingEvents",
      ${counterValue('notifications_unread')} as "unreadNotifications",
      (select count(*)::int from circle_memberships where status = 'pending') as "pendingCircleRequests"`,
  );
  if (!row) throw new Error('Statistics query returned nothing');
  return { ...row, ...platformHealth(row) };
}
