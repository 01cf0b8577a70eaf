import { createHash } from 'node:crypto';
import {
  type AdminAnnouncementPage,
  ANNOUNCEMENT_DUPLICATE,
  ANNOUNCEMENT_PAGE_SIZE,
  type CreateAnnouncementBody,
  type createAnnouncementBodySchema,
  PINNED_ANNOUNCEMENTS_SHOWN,
  type PinnedAnnouncement,
} from '@lunara/shared/announcements';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { announcementDeliveries, announcementDismissals, announcements } from '../../db/schema/announcements.ts';
import { user } from '../../db/schema/auth.ts';
import { circles } from '../../db/schema/circles.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog, outbox } from '../../db/schema/operations.ts';
import { conflict, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { isInAudience } from './audience.ts';

/** The same admin posting the same title and body within this time gets a 409, key or no key. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
const UNKNOWN_ANNOUNCEMENT = 'That announcement does not exist (it may have been deleted)';

const contentHashOf = (title: string, body: string) =>
  createHash('sha256').update(`${title}\n\u0000\n${body}`).digest('hex');

/**
 * Creates an announcement (pinned; emailing starts when `sendEmail`). The author's user row is locked
 * first, so that two identical posts at once are decided one after the other: the second finds the first.
 */
export async function createAnnouncement(
  db: Db,
  authorId: string,
  body: z.output<typeof createAnnouncementBodySchema>,
  now = new Date(),
): Promise<{ id: string }> {
  const hash = contentHashOf(body.title, body.body);
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, authorId)).for('update');
    const [recent] = await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(
        and(
          eq(announcements.authorId, authorId),
          eq(announcements.contentHash, hash),
          gt(announcements.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) throw conflict(ANNOUNCEMENT_DUPLICATE);
    if (body.audience === 'circle' && body.circleId) {
      const [circle] = await tx.select({ id: circles.id }).from(circles).where(eq(circles.id, body.circleId));
      if (!circle) throw notFound('That circle does not exist');
    }
    const [row] = await tx
      .insert(announcements)
      .values({
        authorId,
        title: body.title,
        body: body.body,
        audience: body.audience,
        circleId: body.audience === 'circle' ? (body.circleId ?? null) : null,
        contentHash: hash,
        sendEmail: body.sendEmail,
        emailStatus: body.sendEmail ? 'sending' : 'off',
      })
      .returning({ id: announcements.id });
    if (!row) throw new Error('The announcement was not stored');
    await tx.insert(auditLog).values({
      actorId: authorId,
      action: 'announcement.create',
      targetType: 'announcement',
      targetId: row.id,
      details: {
        title: body.title,
        audience: body.audience,
        circleId: body.circleId ?? null,
        sendEmail: body.sendEmail,
      },
    });
    return row;
  });
}

export type CreateAnnouncementInput = CreateAnnouncementBody;

/** The pinned announcements for this member, newest first, without those she dismissed. */
export async function listPinnedForMember(db: Db, userId: string): Promise<PinnedAnnouncement[]> {
  const rows = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      authorName: profiles.displayName,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .leftJoin(profiles, eq(profiles.id, announcements.authorId))
    .where(
      and(
        eq(announcements.isPinned, true),
        isInAudience(userId, announcements.audience, announcements.circleId),
        sql`not exists (select 1 from ${announcementDismissals} d
                        where d.user_id = ${userId} and d.announcement_id = ${announcements.id})`,
      ),
    )
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(builderLimit(PINNED_ANNOUNCEMENTS_SHOWN));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    authorName: row.authorName ?? 'The team',
    createdAt: row.createdAt.toISOString(),
  }));
}

/** She closes the card: only an announcement meant for her (anyone else learns nothing: 404). Repeats are fine. */
export async function dismissAnnouncement(db: Db, userId: string, announcementId: string): Promise<void> {
  const inserted = await queryRows<{ announcement_id: string }>(
    db,
    sql`insert into announcement_dismissals (announcement_id, user_id)
        select a.id, ${userId} from announcements a
        where a.id = ${announcementId} and ${isInAudience(userId, sql`a.audience`, sql`a.circle_id`)}
        on conflict do nothing
        returning announcement_id`,
  );
  if (inserted.length > 0) return;
  const [visible] = await queryRows<{ id: string }>(
    db,
    sql`select a.id from announcements a
        where a.id = ${announcementId} and ${isInAudience(userId, sql`a.audience`, sql`a.circle_id`)}`,
  );
  if (!visible) throw notFound(UNKNOWN_ANNOUNCEMENT);
}

/** The admin's list: newest first, keyset-paged, with each one's email progress. */
export async function listAnnouncements(db: Db, cursor?: string): Promise<AdminAnnouncementPage> {
  const after = cursor ? decodeCursor(cursor, ['timestamp', 'uuid']) : undefined;
  // Delivered and failed are read from the outbox rows of this announcement's deliveries (its primary
  // key's prefix); queued and skipped are the counters the job keeps.
  const delivered = sql<number>`(select count(*)::int from ${announcementDeliveries} d
    join ${outbox} o on o.id = d.outbox_id
    where d.announcement_id = ${announcements.id} and o.status in ('sent', 'local'))`;
  const failed = sql<number>`(select count(*)::int from ${announcementDeliveries} d
    join ${outbox} o on o.id = d.outbox_id
    where d.announcement_id = ${announcements.id} and o.status = 'failed')`;
  const rows = await db
    .select({
      a: announcements,
      circleName: circles.name,
      authorName: profiles.displayName,
      delivered,
      failed,
    })
    .from(announcements)
    .leftJoin(circles, eq(circles.id, announcements.circleId))
    .leftJoin(profiles, eq(profiles.id, announcements.authorId))
    .where(
      after
        ? sql`(${announcements.createdAt}, ${announcements.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
        : undefined,
    )
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(builderLimit(ANNOUNCEMENT_PAGE_SIZE + 1));
  const page = rows.slice(0, ANNOUNCEMENT_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(({ a, circleName, authorName, delivered, failed }) => ({
      id: a.id,
      title: a.title,
      body: a.body,
      audience: a.audience as AdminAnnouncementPage['items'][number]['audience'],
      circleName: circleName ?? null,
      authorName: authorName ?? 'Former member',
      isPinned: a.isPinned,
      sendEmail: a.sendEmail,
      emailStatus: a.emailStatus as AdminAnnouncementPage['items'][number]['emailStatus'],
      delivery: {
        queued: Math.max(0, a.emailQueued - Number(delivered) - Number(failed)),
        sent: Number(delivered),
        skipped: a.emailSkipped,
        failed: Number(failed),
      },
      createdAt: a.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > ANNOUNCEMENT_PAGE_SIZE && last ? encodeCursor([last.a.createdAt.toISOString(), last.a.id]) : null,
  };
}

/** Pin or unpin (unpinned ones leave every feed; emailing goes on). Audited. */
export async function setAnnouncementPinned(db: Db, actorId: string, id: string, isPinned: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcements)
      .set({ isPinned })
      .where(eq(announcements.id, id))
      .returning({ title: announcements.title });
    if (!row) throw notFound(UNKNOWN_ANNOUNCEMENT);
    await tx.insert(auditLog).values({
      actorId,
      action: isPinned ? 'announcement.pin' : 'announcement.unpin',
      targetType: 'announcement',
      targetId: id,
      details: { title: row.title },
    });
  });
}

/**
 * Deletes an announcement: it leaves every feed and the job stops emailing it (emails already in the
 * outbox still go). Its deliveries and dismissals go with it. Audited.
 */
export async function deleteAnnouncement(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(announcements)
      .where(eq(announcements.id, id))
      .returning({ title: announcements.title, queued: announcements.emailQueued });
    if (!row) throw notFound(UNKNOWN_ANNOUNCEMENT);
    await tx.insert(auditLog).values({
      actorId,
      action: 'announcement.delete',
      targetType: 'announcement',
      targetId: id,
      details: { title: row.title, emailsQueued: row.queued },
    });
  });
}
