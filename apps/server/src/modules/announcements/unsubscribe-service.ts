import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { notFound } from '../../errors.ts';

/** "ma•••@example.com": enough for her to recognise her address, not enough to read it off a shared link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}•••${email.slice(at)}`;
}

/** What the unsubscribe page shows: whose announcement emails stop, and whether they already have. */
export async function unsubscribeInfo(db: Db, userId: string) {
  const [row] = await db
    .select({ email: user.email, announcementEmails: notificationPreferences.announcementEmails })
    .from(user)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound('This account no longer exists, so it receives no emails');
  return { maskedEmail: maskEmail(row.email), unsubscribed: row.announcementEmails === false };
}

/**
 * Turns her announcement emails off (the preferences row is created if she never opened them). An
 * account deleted meanwhile has nothing left to turn off: that is a success too.
 */
export async function unsubscribeFromAnnouncements(db: Db, userId: string): Promise<void> {
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!exists) return;
  await db
    .insert(notificationPreferences)
    .values({ userId, announcementEmails: false })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { announcementEmails: false, updatedAt: sql`now()` },
    });
}
