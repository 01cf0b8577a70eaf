import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { user } from '../../db/schema/auth.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { notificationDigestEmail } from '../../mail/templates.ts';
import { aboutCircleContentSheSees } from './circle-content-notifications.ts';

/** A notification waits this long, so that a burst (a lively thread) arrives as one email. */
export const DIGEST_DELAY_MS = 2 * 60 * 1000;
/** At most one digest per member in this window. */
export const DIGEST_MIN_GAP_MS = 5 * 60 * 1000;
const MEMBERS_PER_RUN = 50;
const ITEMS_PER_EMAIL = 10;

interface DigestOptions {
  productName: string;
  communityUrl: string;
  now?: Date;
}

/**
 * One digest run: for each member with notifications older than the delay that no digest has dealt
 * with, and no digest in the last few minutes, one email listing the still-unread ones (when her
 * Email Notifications are on). Safe with several processes: a member's preferences row is locked
 * (SKIP LOCKED) while her digest is made, and the email is queued in the same transaction.
 * Resolves with the number of emails queued.
 */
export async function sendNotificationDigests(db: Db, mailer: Mailer, options: DigestOptions): Promise<number> {
  const now = options.now ?? new Date();
  const dueBefore = new Date(now.getTime() - DIGEST_DELAY_MS).toISOString();
  const lastBefore = new Date(now.getTime() - DIGEST_MIN_GAP_MS).toISOString();
  const members = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct pending.user_id from (
          select user_id from notifications
          where emailed_at is null and created_at <= ${dueBefore}::timestamptz
          order by created_at limit ${literalLimit(MEMBERS_PER_RUN * 10)}
        ) pending
        left join notification_preferences p on p.user_id = pending.user_id
        where p.last_digest_at is null or p.last_digest_at <= ${lastBefore}::timestamptz
        limit ${literalLimit(MEMBERS_PER_RUN)}`,
  );
  let sent = 0;
  for (const { user_id: userId } of members) {
    const emailed = await db.transaction(async (tx) => {
      await tx.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
      const [prefs] = await tx
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .for('update', { skipLocked: true });
      // Another process is making her digest, or she had one a moment ago.
      if (!prefs || (prefs.lastDigestAt && prefs.lastDigestAt.toISOString() > lastBefore)) return false;
      const pending = await tx
        .update(notifications)
        .set({ emailedAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.emailedAt)))
        .returning({
          title: notifications.title,
          message: notifications.message,
          read: notifications.read,
          createdAt: notifications.createdAt,
          // About a circle she has left since: dealt with, never emailed.
          mayOpen: sql<boolean>`${aboutCircleContentSheSees(notifications.userId, notifications.type, notifications.data)}`,
        });
      const unread = pending
        .filter((item) => !item.read && item.mayOpen)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      if (!prefs.emailEnabled || unread.length === 0) return false;
      const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
      if (!account) return false;
      await mailer.send(
        notificationDigestEmail(
          options.productName,
          account.email,
          unread.slice(0, ITEMS_PER_EMAIL),
          unread.length,
          options.communityUrl,
        ),
        tx,
      );
      await tx
        .update(notificationPreferences)
        .set({ lastDigestAt: now })
        .where(eq(notificationPreferences.userId, userId));
      return true;
    });
    if (emailed) sent++;
  }
  return sent;
}
