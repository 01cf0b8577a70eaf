import type { NotificationType } from '@lunara/shared/community';
import type { AppNotification } from '@lunara/shared/notifications';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTime } from '../../db/direct-read.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { PUSH_WAKE_CHANNEL } from '../push/push-queue.ts';
import { publishEvents } from '../realtime/publish.ts';

/** The newest item alone, or "3 new posts. Latest: …" once more than one came since she last read it. */
export function collapsedText(count: number, latest: string, countedBefore: string): string {
  return count <= 1 ? latest : `${count}${countedBefore}${latest}`;
}

export interface CollapsedNotice {
  /** A select whose `user_id` column is who is told: the caller's rules (members, preferences, blocks, mutes). */
  recipients: SQL;
  type: NotificationType;
  collapseKey: string;
  title: string;
  /** The newest item's line. */
  latest: string;
  /** What stands between the count and `latest` when more than one came: `collapsedText`'s. */
  countedBefore: string;
  /** The notification's data beside its `count` (where it leads). */
  data: Record<string, string>;
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
 * One notification per member and collapse key while she has not read it (a circle's new posts, a
 * group's messages), written for every recipient in one statement, in the item's transaction: a read
 * one starts again at one; an unread one comes back to the top counting what came since. The unique
 * collapse key decides between two items at once, and rows are written in member order, so those two
 * wait for one another instead of deadlocking. A new notification queues a push to each of her live
 * devices (a renewed one pushes nothing), and every row is told to her open pages at commit. Answers how
 * many members were told.
 */
export async function writeCollapsedNotices(tx: Db, notice: CollapsedNotice): Promise<number> {
  const data = sql.join(
    Object.entries(notice.data).map(([key, value]) => sql`${key}::text, ${value}::text`),
    sql`, `,
  );
  const unreadCount = sql`coalesce((notifications.data->>'count')::int, 1)`;
  const rows = await queryRows<WrittenRow>(
    tx,
    sql`with recipients as (${notice.recipients}),
        written as (
          insert into notifications (user_id, type, title, message, data, collapse_key)
          select r.user_id, ${notice.type}, ${notice.title}, ${collapsedText(1, notice.latest, notice.countedBefore)},
                 jsonb_build_object(${data}, 'count', 1), ${notice.collapseKey}
          from recipients r
          order by r.user_id
          on conflict (user_id, collapse_key) do update set
            title = excluded.title,
            message = case when notifications.read then excluded.message
                      else (${unreadCount} + 1)::text || ${notice.countedBefore} || ${notice.latest} end,
            data = jsonb_build_object(${data}, 'count', case when notifications.read then 1 else ${unreadCount} + 1 end),
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
            and ${canUseCommunity(sql`w.user_id`)}
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
