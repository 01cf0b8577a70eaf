import { ACCOUNT_NOTIFICATION_TYPES } from '@lunara/shared/community';
import { inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { session } from '../../db/schema/auth.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/push.ts';
import { canUseCommunity } from '../billing/community-access.ts';

/** The channel a new delivery is announced on, so a sender wakes at once instead of at its next tick. */
export const PUSH_WAKE_CHANNEL = 'push_deliveries';

/**
 * Queues one push per device of the recipient, in the notification's own transaction (a rollback
 * leaves no push behind), when her Push Notifications switch is on (it is until she turns it off).
 * No rows when she has no device; a NOTIFY (sent at commit) wakes the senders when there are. A device
 * whose sign-in has expired gets nothing, though the session row may not be deleted yet: whoever holds
 * that browser is no longer signed in as her. A member whose membership has lapsed is not pushed what
 * happens in the community (a page she cannot open): only what concerns her account.
 */
export async function enqueuePushDeliveries(tx: Db, notificationId: string, userId: string): Promise<void> {
  const queued = await queryRows(
    tx,
    sql`
    insert into ${pushDeliveries} (subscription_id, notification_id)
    select ${pushSubscriptions.id}, ${notificationId}::uuid from ${pushSubscriptions}
    join ${session} on ${session.id} = ${pushSubscriptions.sessionId} and ${session.expiresAt} > now()
    where ${pushSubscriptions.userId} = ${userId}
      and coalesce(
        (select ${notificationPreferences.pushEnabled} from ${notificationPreferences}
         where ${notificationPreferences.userId} = ${userId}),
        true)
      and (${canUseCommunity(userId)}
           or exists (select 1 from ${notifications} where ${notifications.id} = ${notificationId}::uuid
                      and ${inArray(notifications.type, [...ACCOUNT_NOTIFICATION_TYPES])}))
    returning 1`,
  );
  if (queued.length > 0) await queryRows(tx, sql`select pg_notify(${PUSH_WAKE_CHANNEL}, '')`);
}
