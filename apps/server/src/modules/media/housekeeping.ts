import { and, eq, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { mediaDeletions, mediaFiles } from '../../db/schema/media.ts';
import type { MediaStorage } from './storage/media-storage.ts';

const DELETION_BATCH = 50;
const CLEANUP_BATCH = 200;
/**
 * An upload still `uploading` after this long has failed without cleaning up (its process died). A day,
 * not an hour: a 2 GB lesson video on a slow line takes hours, and one still running must not be taken.
 */
export const UNFINISHED_UPLOAD_MS = 24 * 60 * 60_000;
/** A post image no post has claimed after this long was dropped from the composer. */
export const UNATTACHED_POST_IMAGE_MS = 24 * 60 * 60_000;

/**
 * Deletes from storage what the queue holds (media_deletions, filled by the trigger on media_files).
 * A batch is claimed with SKIP LOCKED and its retry time moved on in the same statement, so several
 * processes never work on the same prefix at once; a prefix deleted leaves the queue, one that failed
 * is tried again after a back-off that doubles (1 minute, 2, 4... at most about 17 hours).
 * Returns how many prefixes were deleted.
 */
export async function processMediaDeletions(db: Db, storage: MediaStorage, log?: FastifyBaseLogger): Promise<number> {
  const claimed = await db
    .update(mediaDeletions)
    .set({
      attempts: sql`${mediaDeletions.attempts} + 1`,
      nextAttemptAt: sql`now() + interval '1 minute' * power(2, least(${mediaDeletions.attempts}, 10))`,
    })
    .where(
      inArray(
        mediaDeletions.mediaId,
        db
          .select({ mediaId: mediaDeletions.mediaId })
          .from(mediaDeletions)
          .where(lte(mediaDeletions.nextAttemptAt, sql`now()`))
          .orderBy(mediaDeletions.nextAttemptAt)
          .limit(builderLimit(DELETION_BATCH))
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ mediaId: mediaDeletions.mediaId, attempts: mediaDeletions.attempts });
  let deleted = 0;
  for (const { mediaId, attempts } of claimed) {
    try {
      await storage.deletePrefix(mediaId);
      await db.delete(mediaDeletions).where(eq(mediaDeletions.mediaId, mediaId));
      deleted++;
    } catch (error) {
      log?.warn({ err: error, mediaId, attempts }, 'media storage deletion failed; will retry');
    }
  }
  return deleted;
}

/**
 * Deletes a batch of rows matching `condition` and older than `olderThanMs`; the trigger queues their
 * storage. Rows locked by someone else (a post claiming an image) are skipped until the next run.
 */
async function deleteStaleRows(db: Db, condition: SQL | undefined, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(mediaFiles)
    .where(
      inArray(
        mediaFiles.id,
        db
          .select({ id: mediaFiles.id })
          .from(mediaFiles)
          .where(and(condition, lt(mediaFiles.createdAt, sql`now() - ${olderThanMs}::int * interval '1 millisecond'`)))
          .limit(builderLimit(CLEANUP_BATCH))
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: mediaFiles.id });
  return rows.length;
}

/** Deletes (a batch of) the rows of uploads that never finished; the trigger queues their storage. */
export const deleteUnfinishedUploads = (db: Db, olderThanMs = UNFINISHED_UPLOAD_MS) =>
  deleteStaleRows(db, eq(mediaFiles.status, 'uploading'), olderThanMs);

/** Deletes (a batch of) post images no post claimed in time; the trigger queues their storage. */
export const deleteUnattachedPostImages = (db: Db, olderThanMs = UNATTACHED_POST_IMAGE_MS) =>
  deleteStaleRows(db, and(eq(mediaFiles.kind, 'post_image'), isNull(mediaFiles.postId)), olderThanMs);
