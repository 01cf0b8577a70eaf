import type { AnnouncementSkipReason } from '@lunara/shared/announcements';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { announcementDeliveries, announcements } from '../../db/schema/announcements.ts';
import { appSettings } from '../../db/schema/operations.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { isSuspendedAt } from '../suspensions/active-suspension.ts';
import { announcementEmail } from './announcement-email.ts';
import { isPayingMember } from './audience.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** At most this many announcement emails are queued per interval, across every process (the throttle). */
export const ANNOUNCEMENT_EMAIL_BATCH = 50;
export const ANNOUNCEMENT_EMAIL_INTERVAL_MS = 10_000;
/** Members read per batch: the skipped ones (email off, suspended...) do not count toward the 50. */
const CANDIDATES_PER_BATCH = 200;
/** The time of the last batch, shared by every process; its row lock serializes batches. */
const THROTTLE_KEY = 'announcement_emails_last_batch';

export interface AnnouncementEmailOptions {
  productName: string;
  appUrl: string;
  unsubscribeKey: Buffer;
  now?: Date;
}

export interface BatchResult {
  queued: number;
  skipped: number;
  /** True when the throttle said "not yet" (nothing was done). */
  throttled: boolean;
  /** Whether an announcement is still being emailed after this batch. */
  more: boolean;
}

interface Candidate {
  id: string;
  email: string;
  email_enabled: boolean;
  announcement_emails: boolean;
  deleted: boolean;
  suspended: boolean;
  paying: boolean;
}

function audienceFilter(audience: string, circleId: string | null) {
  if (audience === 'paying') return sql`exists (select 1 from subscriptions s where s.user_id = u.id)`;
  if (audience === 'circle') {
    return sql`exists (select 1 from circle_memberships cm
                       where cm.circle_id = ${circleId} and cm.user_id = u.id and cm.status = 'approved')`;
  }
  return sql`true`;
}

/** Why this member gets no email, or null when she gets one. */
function skipReasonOf(c: Candidate, audience: string): AnnouncementSkipReason | null {
  if (c.deleted) return 'deleted';
  if (c.suspended) return 'suspended';
  if (audience === 'paying' && !c.paying) return 'lapsed';
  if (!c.email_enabled) return 'email_off';
  if (!c.announcement_emails) return 'unsubscribed';
  return null;
}

/**
 * One batch of the announcement emails, in one transaction: the throttle row is locked (so batches
 * run one at a time in the whole cluster) and refused if the last one was under the interval ago; the
 * oldest announcement still being emailed is taken; its audience is read in user-id order after its
 * cursor; for each member the delivery row is inserted first (the primary key: a member already dealt
 * with is passed over), then her email queued in the outbox or the reason she is skipped recorded;
 * finally the cursor and the counters move. A crash anywhere rolls all of it back, so a rerun starts
 * from the same cursor and nothing was queued twice; a member is emailed at most once whatever happens.
 */
export async function sendAnnouncementEmailBatch(
  db: Db,
  mailer: Mailer,
  options: AnnouncementEmailOptions,
): Promise<BatchResult> {
  const now = options.now ?? new Date();
  const idle: BatchResult = { queued: 0, skipped: 0, throttled: false, more: false };
  // Cheap check first: nothing to send is the usual case.
  const [pending] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.emailStatus, 'sending'))
    .limit(1);
  if (!pending) return idle;
  await db
    .insert(appSettings)
    .values({ key: THROTTLE_KEY, value: new Date(0).toISOString() })
    .onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [throttle] = await tx
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, THROTTLE_KEY))
      .for('update');
    const last = Date.parse(throttle?.value ?? '');
    if (Number.isFinite(last) && now.getTime() - last < ANNOUNCEMENT_EMAIL_INTERVAL_MS && now.getTime() >= last) {
      return { ...idle, throttled: true, more: true };
    }
    const [announcement] = await tx
      .select()
      .from(announcements)
      .where(eq(announcements.emailStatus, 'sending'))
      .orderBy(asc(announcements.createdAt), asc(announcements.id))
      .limit(1)
      .for('update');
    if (!announcement) return idle;

    const candidates = await queryRows<Candidate>(
      tx,
      sql`select u.id, u.email,
                 coalesce(p.email_enabled, true) as email_enabled,
                 coalesce(p.announcement_emails, true) as announcement_emails,
                 exists (select 1 from former_members f where f.user_id = u.id) as deleted,
                 ${isSuspendedAt(sql`u.id`, now)} as suspended,
                 ${isPayingMember(sql`u.id`)} as paying
          from "user" u
          left join notification_preferences p on p.user_id = u.id
          where ${announcement.emailCursor === null ? sql`true` : sql`u.id > ${announcement.emailCursor}`}
            and ${audienceFilter(announcement.audience, announcement.circleId)}
          order by u.id
          limit ${sql.raw(String(CANDIDATES_PER_BATCH))}`,
    );

    let queued = 0;
    let skipped = 0;
    let cursor = announcement.emailCursor;
    let reachedEnd = candidates.length < CANDIDATES_PER_BATCH;
    for (const candidate of candidates) {
      const reason = skipReasonOf(candidate, announcement.audience);
      if (!reason && queued === ANNOUNCEMENT_EMAIL_BATCH) {
        reachedEnd = false;
        break;
      }
      cursor = candidate.id;
      const claimed = await tx
        .insert(announcementDeliveries)
        .values({ announcementId: announcement.id, userId: candidate.id, skipReason: reason })
        .onConflictDoNothing()
        .returning({ userId: announcementDeliveries.userId });
      if (claimed.length === 0) continue;
      if (reason) {
        skipped++;
        continue;
      }
      const token = signUnsubscribeToken(options.unsubscribeKey, candidate.id);
      const query = `token=${encodeURIComponent(token)}`;
      const outboxId = await mailer.send(
        announcementEmail({
          productName: options.productName,
          appUrl: options.appUrl,
          to: candidate.email,
          title: announcement.title,
          body: announcement.body,
          oneClickUrl: new URL(`/api/email/unsubscribe?${query}`, options.appUrl).toString(),
          unsubscribePageUrl: new URL(`/email/unsubscribe?${query}`, options.appUrl).toString(),
        }),
        tx,
      );
      await tx
        .update(announcementDeliveries)
        .set({ outboxId })
        .where(
          and(
            eq(announcementDeliveries.announcementId, announcement.id),
            eq(announcementDeliveries.userId, candidate.id),
          ),
        );
      queued++;
    }

    await tx
      .update(announcements)
      .set({
        emailCursor: cursor,
        emailQueued: sql`${announcements.emailQueued} + ${queued}`,
        emailSkipped: sql`${announcements.emailSkipped} + ${skipped}`,
        ...(reachedEnd ? { emailStatus: 'done' } : {}),
      })
      .where(eq(announcements.id, announcement.id));
    if (queued > 0) {
      await tx.update(appSettings).set({ value: now.toISOString() }).where(eq(appSettings.key, THROTTLE_KEY));
    }
    const more =
      !reachedEnd ||
      (
        await tx
          .select({ id: announcements.id })
          .from(announcements)
          .where(and(eq(announcements.emailStatus, 'sending'), sql`${announcements.id} <> ${announcement.id}`))
          .limit(1)
      ).length > 0;
    return { queued, skipped, throttled: false, more };
  });
}
