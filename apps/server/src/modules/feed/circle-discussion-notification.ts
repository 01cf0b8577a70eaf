import type { AppNotification } from '@lunara/shared/notifications';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTime } from '../../db/direct-read.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { PUSH_WAKE_CHANNEL } from '../push/push-queue.ts';
import { publishEvents } from '../realtime/publish.ts';

interface CirclePost {
  circle: { id: string; name: string };
  postId: string;
  authorId: string;
  title: string;
}

/** The circle's notifications collapse into one per member and circle (issue 34). */
export const circleDiscussionKey = (circleId: string) => `circle_posts:${circleId}`;

/** "Bella posted "Full moon"", then "3 new posts. Latest: Bella posted "Full moon"". */
export function circlePostText(count: number, latest: string): string {
  return count <= 1 ? latest : `${count} new posts. Latest: ${latest}`;
}

interface WrittenRow {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  data: Record<string, unknown>;
  created_at: string;
  pushed: number;
}

/**
 * A new post in a circle tells its other approved members, in the post's transaction: one
 * 'circle_discussion' notification per member and circle while she has not read it (collapse key
 * `circle_posts:<circleId>`), brought back to the top, unread, counting the posts since she last read
 * it, as a group's messages do (`messages/group-message-notification.ts`). Never the author; nobody
 * either side of a block with her, nobody whose "Sacred Circles" switch is off, nobody who cannot use
 * the community. One statement for the whole circle (a circle holds up to 10,000 members): it writes
 * the notifications (the unique collapse key decides between two posts at once; rows are written in
 * member order, so those two wait for one another instead of deadlocking), queues a push for each new
 * one (a renewed one pushes nothing, as a group's), and its rows are told to their open pages when the
 * post commits.
 */
export async function notifyCircleDiscussion(tx: Db, post: CirclePost): Promise<number> {
  const [author] = await queryRows<{ name: string | null }>(
    tx,
    sql`select display_name as name from profiles where id = ${post.authorId}`,
  );
  const latest = `${author?.name || 'A sister'} posted "${post.title}"`;
  const key = circleDiscussionKey(post.circle.id);
  const title = `New posts in ${post.circle.name}`;
  const rows = await queryRows<WrittenRow>(
    tx,
    sql`with recipients as (
          select cm.user_id from circle_memberships cm
          where cm.circle_id = ${post.circle.id}::uuid and cm.status = 'approved' and cm.user_id <> ${post.authorId}
            and coalesce((select np.circle_notifications from notification_preferences np
                          where np.user_id = cm.user_id), true)
            and not exists (select 1 from member_blocks b
                            where (b.blocker_id = cm.user_id and b.blocked_id = ${post.authorId})
                               or (b.blocker_id = ${post.authorId} and b.blocked_id = cm.user_id))
            and ${canUseCommunity(sql`cm.user_id`)}
        ),
        written as (
          insert into notifications (user_id, type, title, message, data, collapse_key)
          select r.user_id, 'circle_discussion', ${title}, ${circlePostText(1, latest)},
                 jsonb_build_object('circleId', ${post.circle.id}::text, 'postId', ${post.postId}::text, 'count', 1),
                 ${key}
          from recipients r
          order by r.user_id
          on conflict (user_id, collapse_key) do update set
            title = excluded.title,
            message = case when notifications.read then excluded.message
                      else (coalesce((notifications.data->>'count')::int, 1) + 1)::text
                           || ${' new posts. Latest: '} || ${latest} end,
            data = jsonb_build_object('circleId', ${post.circle.id}::text, 'postId', ${post.postId}::text,
                     'count', case when notifications.read then 1
                                   else coalesce((notifications.data->>'count')::int, 1) + 1 end),
            read = false,
            created_at = now(),
            emailed_at = null
          returning id, user_id, type, title, message, data, created_at, (xmax = 0) as inserted
        ),
        pushed as (
          insert into push_deliveries (subscription_id, notification_id)
          select ps.id, w.id from written w
          join push_subscriptions ps on ps.user_id = w.user_id
          join session s on s.id = ps.session_id and s.expires_at > now()
          where w.inserted
            and coalesce((select np.push_enabled from notification_preferences np where np.user_id = w.user_id), true)
          returning 1
        )
        select w.id, w.user_id, w.type, w.title, w.message, w.data, ${isoTime(sql.raw('w.created_at'))} as created_at,
               (select count(*)::int from pushed) as pushed
        from written w`,
  );
  if (rows.length === 0) return 0;
  await publishEvents(
    tx,
    rows.map((row) => {
      const notification: AppNotification = {
        id: row.id,
        type: row.type as AppNotification['type'],
        title: row.title,
        message: row.message,
        read: false,
        data: row.data,
        createdAt: row.created_at,
      };
      return {
        userId: row.user_id,
        event: {
          type: 'notification.created' as const,
          notification,
          // Counting more than one: it renews one she had not read yet, so her unread count stays.
          ...(Number(row.data.count) > 1 ? { replacesUnread: true } : {}),
        },
      };
    }),
  );
  if ((rows[0]?.pushed ?? 0) > 0) await queryRows(tx, sql`select pg_notify(${PUSH_WAKE_CHANNEL}, '')`);
  return rows.length;
}
