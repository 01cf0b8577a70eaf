import { isCourseMediaKind } from '@lunara/shared/media';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { profiles } from '../../db/schema/members.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { MEDIA_NOT_FOUND } from './media-access.ts';
import type { MediaStorage } from './storage/media-storage.ts';

export const IMAGE_ON_POST = 'That image is on a post: delete the post to remove it';
export const ONLY_ADMINS_REMOVE_COURSE_MEDIA = 'Only admins can remove course covers and lesson media';

/**
 * Deletes uploads a member may remove: her own post image not on a post yet, her own avatar (which is
 * then no longer her avatar), and, for admins, any course cover or lesson media. Returns the ids deleted
 * (their storage is queued for deletion by the row's trigger).
 */
export async function deleteUpload(db: Db, member: SessionUser, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [media] = await tx
      .select({ ownerId: mediaFiles.ownerId, kind: mediaFiles.kind, postId: mediaFiles.postId })
      .from(mediaFiles)
      .where(eq(mediaFiles.id, id));
    if (!media) throw notFound(MEDIA_NOT_FOUND);
    if (isCourseMediaKind(media.kind)) {
      if (member.role !== 'admin') throw forbidden(ONLY_ADMINS_REMOVE_COURSE_MEDIA);
    } else if (media.ownerId !== member.id) {
      // As when reading it: someone else's upload not on a post is not hers to learn about.
      throw notFound(MEDIA_NOT_FOUND);
    }
    if (media.kind === 'avatar') return removeAvatarIn(tx as unknown as Db, member.id);
    // Locked, so that a post claiming it at the same moment either has it or finds it gone.
    const [row] = await tx
      .select({ postId: mediaFiles.postId })
      .from(mediaFiles)
      .where(eq(mediaFiles.id, id))
      .for('update');
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    if (row.postId !== null) throw conflict(IMAGE_ON_POST);
    await tx.delete(mediaFiles).where(eq(mediaFiles.id, id));
    return [id];
  });
}

async function removeAvatarIn(tx: Db, userId: string): Promise<string[]> {
  // Her profile row first, in the order an avatar upload takes its locks.
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
  await tx.update(profiles).set({ avatarUrl: null, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
  const deleted = await tx
    .delete(mediaFiles)
    .where(and(eq(mediaFiles.ownerId, userId), eq(mediaFiles.kind, 'avatar'), eq(mediaFiles.status, 'ready')))
    .returning({ id: mediaFiles.id });
  return deleted.map((row) => row.id);
}

/** `DELETE /api/me/avatar`: she has no avatar afterwards (the initials show); none is not an error. */
export async function removeAvatar(db: Db, userId: string): Promise<string[]> {
  return db.transaction((tx) => removeAvatarIn(tx as unknown as Db, userId));
}

/**
 * Deletes the stored objects of rows just deleted, without waiting for the housekeeping job (which
 * still runs through the queue: a failure here only means it does the work).
 */
export async function deleteStoredNow(storage: MediaStorage, log: FastifyBaseLogger, ids: string[]): Promise<void> {
  for (const id of ids) {
    await storage.deletePrefix(id).catch((error: unknown) => {
      log.warn({ err: error, mediaId: id }, 'media not removed from storage yet');
    });
  }
}
