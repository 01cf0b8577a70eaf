import { Readable } from 'node:stream';
import {
  type DataExport,
  type DataExportState,
  EXPORT_DAILY_LIMIT,
  EXPORT_IN_PROGRESS,
  EXPORT_KEEP_DAYS,
  EXPORTS_PER_DAY,
} from '@lunara/shared/account-data';
import { and, count, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { dataExports } from '../../db/schema/account-data.ts';
import { mediaDeletions } from '../../db/schema/media.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { MediaNotFoundError, type MediaStorage } from '../media/storage/media-storage.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { readExportSections } from './export-contents.ts';

const DAY_MS = 24 * 60 * 60_000;
export const EXPORT_FILE_NAME = 'lunara-data.zip';
/** A claim that did not finish (the process died) is retried after this long, at most MAX_ATTEMPTS times. */
const RETRY_AFTER = sql`interval '10 minutes'`;
const MAX_ATTEMPTS = 3;
const EXPIRY_BATCH = 100;
const EXPORT_NOT_FOUND = 'This export does not exist or has expired';

const storageKey = (id: string) => `${id}/${EXPORT_FILE_NAME}`;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toDataExport(row: typeof dataExports.$inferSelect, now = new Date()): DataExport {
  const downloadable = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status as DataExport['status'],
    requestedAt: row.requestedAt.toISOString(),
    readyAt: iso(row.readyAt),
    expiresAt: iso(row.expiresAt),
    byteSize: row.byteSize,
    downloadUrl: downloadable ? `/api/account/exports/${row.id}/download` : null,
  };
}

async function requestedToday(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.requestedAt, sql`now() - interval '1 day'`)));
  return row?.n ?? 0;
}

/** Her latest export (an expired one reads as none) and how many more she may ask for today. */
export async function getExportState(db: Db, userId: string): Promise<DataExportState> {
  const [latest] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  const now = new Date();
  const current = latest && !(latest.expiresAt && latest.expiresAt <= now) ? toDataExport(latest, now) : null;
  return { latest: current, remainingToday: Math.max(0, EXPORTS_PER_DAY - (await requestedToday(db, userId))) };
}

/**
 * Queues an export for the job. One at a time (the partial unique index decides between two requests
 * racing: the loser gets a 409) and EXPORTS_PER_DAY a day, counted under her lock on the row of her
 * profile so that three tabs cannot pass the limit together.
 */
export async function requestExport(db: Db, userId: string): Promise<DataExport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from profiles where id = ${userId} for update`);
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')));
    if (pending) throw conflict(EXPORT_IN_PROGRESS);
    if ((await requestedToday(tx, userId)) >= EXPORTS_PER_DAY)
      throw new AppError('RATE_LIMITED', 429, EXPORT_DAILY_LIMIT);
    const [row] = await tx.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
    if (!row) throw conflict(EXPORT_IN_PROGRESS);
    return toDataExport(row);
  });
}

/** Her ready, unexpired export's bytes; anyone else's (or an unknown id) is a 404, never a 403. */
export async function openExportDownload(db: Db, storage: MediaStorage, userId: string, exportId: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, exportId),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  try {
    return { body: await storage.get(storageKey(row.id)), byteSize: row.byteSize, requestedAt: row.requestedAt };
  } catch (error) {
    if (error instanceof MediaNotFoundError) throw notFound(EXPORT_NOT_FOUND);
    throw error;
  }
}

/** The zip: one JSON file per section and a short note on what is inside. */
export async function buildExportZip(db: Db, userId: string, now = new Date()): Promise<Uint8Array> {
  const sections = await readExportSections(db, userId);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(
      [
        `Your Lunara data, exported on ${now.toISOString()}.`,
        '',
        'One JSON file per part of your account: your profile, posts, comments, forum topics and replies,',
        'messages (yours and those sent to you), rituals and your notes on them, course progress, points,',
        'billing history, saved baths, assessment results, pods, circles, RSVPs and notification settings.',
        'Other members appear by their display name only.',
        '',
      ].join('\n'),
    ),
  };
  for (const [name, value] of Object.entries(sections)) {
    files[`${name}.json`] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  }
  return zipSync(files, { level: 6, mtime: now });
}

/**
 * The job: claims one pending export (SKIP LOCKED, its retry time moved on in the same statement, so
 * a process that dies mid-way leaves it to another later), writes the zip to the media store, marks it
 * ready and notifies her in one transaction. Returns whether it handled one.
 */
export async function processNextExport(db: Db, storage: MediaStorage, log?: FastifyBaseLogger): Promise<boolean> {
  const [claimed] = await db
    .update(dataExports)
    .set({ attempts: sql`${dataExports.attempts} + 1`, nextAttemptAt: sql`now() + ${RETRY_AFTER}` })
    .where(
      inArray(
        dataExports.id,
        db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(and(eq(dataExports.status, 'pending'), lte(dataExports.nextAttemptAt, sql`now()`)))
          .orderBy(dataExports.nextAttemptAt)
          .limit(1)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  if (!claimed) return false;
  if (claimed.attempts > MAX_ATTEMPTS) {
    await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, claimed.id));
    return true;
  }
  try {
    const zip = await buildExportZip(db, claimed.userId);
    await storage.put(storageKey(claimed.id), Readable.from(Buffer.from(zip)), 'application/zip');
    const marked = await db.transaction(async (tx) => {
      const [ready] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          readyAt: sql`now()`,
          expiresAt: sql`now() + ${sql.raw(`interval '${EXPORT_KEEP_DAYS} days'`)}`,
          byteSize: zip.byteLength,
        })
        .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (!ready) return false;
      await createNotification(tx, {
        userId: claimed.userId,
        actorId: null,
        type: 'data_export_ready',
        title: 'Your data export is ready',
        message: `Download it from Settings within ${EXPORT_KEEP_DAYS} days.`,
        data: { exportId: claimed.id },
      });
      return true;
    });
    // Her account went while the zip was being written: nothing may keep it.
    if (!marked) await storage.deletePrefix(claimed.id);
  } catch (error) {
    log?.warn({ err: error, exportId: claimed.id, attempts: claimed.attempts }, 'data export failed; will retry');
  }
  return true;
}

/** Expired exports: the rows go and their files are queued for the media deletion job. */
export async function deleteExpiredExports(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(dataExports)
      .where(
        inArray(
          dataExports.id,
          tx
            .select({ id: dataExports.id })
            .from(dataExports)
            .where(and(isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, sql`now()`)))
            .limit(builderLimit(EXPIRY_BATCH))
            .for('update', { skipLocked: true }),
        ),
      )
      .returning({ id: dataExports.id });
    await queueExportFiles(
      tx,
      gone.map((row) => row.id),
    );
    return gone.length;
  });
}

/** Queues export files for deletion from storage (media_deletions deletes any `{uuid}/` prefix). */
export async function queueExportFiles(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insert(mediaDeletions)
    .values(ids.map((mediaId) => ({ mediaId })))
    .onConflictDoNothing();
}

export const EXPORT_RETRY_MS = DAY_MS;
