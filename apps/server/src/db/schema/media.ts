import { MEDIA_KINDS } from '@lunara/shared/media';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id } from './columns.ts';
import { posts } from './community.ts';
import { courses, lessons } from './courses.ts';

export const MEDIA_STATUSES = ['uploading', 'ready'] as const;

/** One stored file of a size and format: an image has one per width and format, anything else one. */
export interface MediaVariant {
  /** The object's name under the media id: `original`, `680.webp`, ... */
  name: string;
  contentType: string;
  bytes: number;
  /** Images: the width in pixels. */
  width?: number;
}

/**
 * Every uploaded file, from the moment its upload starts: the row is the record of what storage holds
 * under `{id}/`. Deleting the row (directly, or with the post, lesson, course or account it belongs to)
 * queues its objects for deletion from storage (`media_deletions`, migration 0013's trigger).
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    /** `uploading` until every object is stored; an upload that never finishes is cleaned up by a job. */
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('uploading'),
    /** Sniffed from the content (images: the fallback format served, JPEG or PNG). */
    contentType: text('content_type').notNull().default('application/octet-stream'),
    fileName: text('file_name').notNull().default(''),
    /** Every variant's bytes together. */
    byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position'),
    alt: text('alt').notNull().default(''),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('media_files_kind_check', t.kind, MEDIA_KINDS),
    checkIn('media_files_status_check', t.status, MEDIA_STATUSES),
    check('media_files_byte_size_non_negative', sql`${t.byteSize} >= 0`),
    check(
      'media_files_post_image_only',
      sql`${t.postId} is null or (${t.kind} = 'post_image' and ${t.position} between 0 and 3)`,
    ),
    unique('media_files_post_position_unique').on(t.postId, t.position),
    index('media_files_owner_idx').on(t.ownerId, t.createdAt),
    index('media_files_course_idx').on(t.courseId),
    index('media_files_lesson_idx').on(t.lessonId),
    // The housekeeping job's two questions: uploads that never finished, post images never posted.
    index('media_files_unfinished_idx').on(t.createdAt).where(sql`${t.status} = 'uploading'`),
    index('media_files_unattached_idx').on(t.createdAt).where(sql`${t.kind} = 'post_image' and ${t.postId} is null`),
  ],
);

/** Storage prefixes (media ids) whose objects are to be deleted; claimed with SKIP LOCKED, retried. */
export const mediaDeletions = pgTable(
  'media_deletions',
  {
    mediaId: uuid('media_id').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('media_deletions_next_attempt_idx').on(t.nextAttemptAt)],
);

/** Each member's stored bytes and files, kept by migration 0013's trigger (admins list the largest). */
export const memberStorage = pgTable(
  'member_storage',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    files: integer('files').notNull().default(0),
  },
  (t) => [index('member_storage_bytes_idx').on(t.bytes.desc(), t.userId)],
);

/** Stored bytes and files per kind, kept by the same trigger: five rows, so the totals read in constant time. */
export const mediaTotals = pgTable('media_totals', {
  kind: text('kind', { enum: MEDIA_KINDS }).primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  files: integer('files').notNull().default(0),
});
