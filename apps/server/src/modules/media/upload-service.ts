import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CONTENT_MESSAGES, LESSON_FILES_MAX, LESSON_IMAGES_MAX } from '@lunara/shared/content-studio';
import {
  isImageKind,
  type Media,
  type MediaKind,
  mediaUrl,
  TOO_MANY_UNPOSTED_IMAGES,
  TOO_MANY_UPLOADS_AT_ONCE,
  UNPOSTED_IMAGES_MAX,
  UPLOADS_IN_FLIGHT_MAX,
  wrongTypeMessage,
} from '@lunara/shared/media';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from '../../db/schema/courses.ts';
import { type MediaVariant, mediaFiles } from '../../db/schema/media.ts';
import { profiles } from '../../db/schema/members.ts';
import { badRequest, notFound, tooManyRequests, unsupportedMediaType } from '../../errors.ts';
import { type ProcessedImage, processImage } from './image-variants.ts';
import { EXTENSIONS, isAcceptedType, SNIFF_BYTES, sniffContentType } from './sniff-type.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import { openUploadBody } from './upload-body.ts';

export const COURSE_REQUIRED = 'Say which course this cover is for';
export const LESSON_REQUIRED = 'Say which lesson this file is for';
export const UNKNOWN_COURSE = 'That course does not exist';
export const UNKNOWN_LESSON = 'That lesson does not exist';
/** The upload's row went while it was stored (her account, its lesson or course was deleted). */
const ROW_GONE = 'The upload did not finish. Please try again';

export interface UploadDeps {
  db: Db;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  limits: Record<MediaKind, number>;
}

export interface UploadInput {
  kind: MediaKind;
  ownerId: string;
  /** Already cleaned (cleanFileName). */
  fileName: string;
  courseId?: number | undefined;
  lessonId?: string | undefined;
  body: AsyncIterable<Buffer>;
  declaredLength: number | undefined;
}

interface Stored {
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  variants: MediaVariant[];
}

const LESSON_MEDIA_ROOM: Partial<Record<MediaKind, { max: number; message: string }>> = {
  lesson_file: { max: LESSON_FILES_MAX, message: CONTENT_MESSAGES.tooManyLessonFiles },
  lesson_image: { max: LESSON_IMAGES_MAX, message: CONTENT_MESSAGES.tooManyLessonImages },
};

/** What the upload belongs to, checked before a byte is stored. */
async function resolveTarget(db: Db, input: UploadInput) {
  if (input.kind === 'course_cover') {
    if (input.courseId === undefined) throw badRequest(COURSE_REQUIRED);
    const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId));
    if (!course) throw notFound(UNKNOWN_COURSE);
    return { courseId: course.id, lessonId: null };
  }
  if (input.kind === 'lesson_video' || input.kind === 'lesson_file' || input.kind === 'lesson_image') {
    if (input.lessonId === undefined) throw badRequest(LESSON_REQUIRED);
    const [lesson] = await db
      .select({ id: lessons.id, courseId: lessons.courseId })
      .from(lessons)
      .where(eq(lessons.id, input.lessonId));
    if (!lesson) throw notFound(UNKNOWN_LESSON);
    // The lesson page lists its files and the text shows its pictures: each list has its bound.
    const room = LESSON_MEDIA_ROOM[input.kind];
    if (room) {
      const ofLesson = and(eq(mediaFiles.lessonId, lesson.id), eq(mediaFiles.kind, input.kind));
      await assertRoomFor(db, mediaFiles, ofLesson, room.max, room.message);
    }
    return { courseId: lesson.courseId, lessonId: lesson.id };
  }
  return { courseId: null, lessonId: null };
}

/** An image goes through a temporary file: sharp reads its header first, and then decodes it once per size. */
async function storeImage(deps: UploadDeps, id: string, kind: MediaKind, body: NodeJS.ReadableStream) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lunara-upload-'));
  try {
    const file = path.join(folder, 'upload');
    await pipeline(body, createWriteStream(file));
    const image: ProcessedImage = await processImage(
      file,
      kind as 'avatar' | 'post_image' | 'course_cover' | 'lesson_image',
      (name, bytes, contentType) => deps.storage.put(`${id}/${name}`, bytes, contentType),
    );
    return {
      contentType: image.contentType,
      byteSize: image.variants.reduce((sum, variant) => sum + variant.bytes, 0),
      width: image.width,
      height: image.height,
      variants: image.variants,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function storeUpload(deps: UploadDeps, id: string, input: UploadInput): Promise<Stored> {
  const body = await openUploadBody(input.body, {
    kind: input.kind,
    limit: deps.limits[input.kind],
    headBytes: SNIFF_BYTES,
    declaredLength: input.declaredLength,
  });
  const type = sniffContentType(body.head);
  if (!isAcceptedType(input.kind, type)) {
    body.stream.destroy();
    throw unsupportedMediaType(wrongTypeMessage(input.kind));
  }
  if (isImageKind(input.kind)) return storeImage(deps, id, input.kind, body.stream);
  const name = `original.${EXTENSIONS[type]}`;
  await deps.storage.put(`${id}/${name}`, body.stream, type);
  const bytes = body.bytesRead();
  return {
    contentType: type,
    byteSize: bytes,
    width: null,
    height: null,
    variants: [{ name, contentType: type, bytes }],
  };
}

/**
 * Marks the upload ready and puts it in place, in one transaction: her avatar (replacing the one before,
 * under the lock of her profile row, so two uploads racing leave exactly one), a course's cover
 * (replacing the one before, under the course row's lock); lesson media and post images just become ready.
 */
async function completeUpload(db: Db, id: string, input: UploadInput, stored: Stored, courseId: number | null) {
  await db.transaction(async (tx) => {
    if (input.kind === 'avatar') {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.ownerId)).for('update');
    }
    if (input.kind === 'course_cover' && courseId !== null) {
      await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
    }
    const [row] = await tx
      .update(mediaFiles)
      .set({ status: 'ready', ...stored })
      .where(and(eq(mediaFiles.id, id), eq(mediaFiles.status, 'uploading')))
      .returning({ id: mediaFiles.id });
    if (!row) throw badRequest(ROW_GONE);
    if (input.kind === 'avatar') {
      await tx
        .update(profiles)
        .set({ avatarUrl: mediaUrl(id), updatedAt: sql`now()` })
        .where(eq(profiles.id, input.ownerId));
      await tx
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.ownerId, input.ownerId),
            eq(mediaFiles.kind, 'avatar'),
            eq(mediaFiles.status, 'ready'),
            ne(mediaFiles.id, id),
          ),
        );
    }
    if (input.kind === 'course_cover' && courseId !== null) {
      await tx
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.courseId, courseId),
            eq(mediaFiles.kind, 'course_cover'),
            eq(mediaFiles.status, 'ready'),
            ne(mediaFiles.id, id),
          ),
        );
    }
  });
}

/**
 * Stores one upload. Its row exists (status `uploading`) before anything is stored, so a crash leaves a
 * row the housekeeping job finds; any failure (too large, wrong type, the client gone, an unreadable
 * image, storage) deletes the row, which queues its storage for deletion, and deletes what was stored
 * at once as well.
 */
export async function uploadMedia(deps: UploadDeps, input: UploadInput): Promise<Media> {
  const running = uploadsRunning.get(input.ownerId) ?? 0;
  if (running >= UPLOADS_IN_FLIGHT_MAX) throw tooManyRequests(TOO_MANY_UPLOADS_AT_ONCE);
  uploadsRunning.set(input.ownerId, running + 1);
  try {
    return await storeNewUpload(deps, input);
  } finally {
    const left = (uploadsRunning.get(input.ownerId) ?? 1) - 1;
    if (left > 0) uploadsRunning.set(input.ownerId, left);
    else uploadsRunning.delete(input.ownerId);
  }
}

/**
 * Each member's uploads running in this process: a slow or stalled upload holds a socket, a temporary
 * file and a row, so one member cannot hold more than a few (the rate limit counts starts, not these).
 */
const uploadsRunning = new Map<string, number>();

/** Her post images not on a post yet, counted up to the limit (her rows by the owner index). */
async function assertRoomForUnpostedImage(db: Db, ownerId: string): Promise<void> {
  const rows = await db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.ownerId, ownerId), eq(mediaFiles.kind, 'post_image'), isNull(mediaFiles.postId)))
    .limit(UNPOSTED_IMAGES_MAX);
  if (rows.length >= UNPOSTED_IMAGES_MAX) throw tooManyRequests(TOO_MANY_UNPOSTED_IMAGES);
}

async function storeNewUpload(deps: UploadDeps, input: UploadInput): Promise<Media> {
  if (input.kind === 'post_image') await assertRoomForUnpostedImage(deps.db, input.ownerId);
  const target = await resolveTarget(deps.db, input);
  const [row] = await deps.db
    .insert(mediaFiles)
    .values({ ownerId: input.ownerId, kind: input.kind, fileName: input.fileName, ...target })
    .returning({ id: mediaFiles.id });
  const id = (row as { id: string }).id;
  let stored: Stored;
  try {
    stored = await storeUpload(deps, id, input);
    await completeUpload(deps.db, id, input, stored, input.kind === 'course_cover' ? target.courseId : null);
  } catch (error) {
    await discardUpload(deps, id);
    throw error;
  }
  return {
    id,
    kind: input.kind,
    url: mediaUrl(id),
    contentType: stored.contentType,
    byteSize: stored.byteSize,
    width: stored.width,
    height: stored.height,
    fileName: input.fileName,
  };
}

async function discardUpload(deps: UploadDeps, id: string): Promise<void> {
  try {
    await deps.db.delete(mediaFiles).where(eq(mediaFiles.id, id));
  } catch (error) {
    // The housekeeping job deletes rows left uploading, and then their storage.
    deps.log.error({ err: error, mediaId: id }, 'failed upload not deleted');
  }
  try {
    await deps.storage.deletePrefix(id);
  } catch (error) {
    // Queued by the row's deletion: the housekeeping job tries again.
    deps.log.warn({ err: error, mediaId: id }, 'failed upload not removed from storage yet');
  }
}
