import { COURSE_ACCESS } from '@lunara/shared/courses';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';
import { searchVector } from './search-vector.ts';

export const courses = pgTable(
  'courses',
  {
    /** The seeded catalog is 1 to 5; new courses take the next from courses_id_seq. */
    id: integer('id').primaryKey().default(sql`nextval('courses_id_seq')`),
    title: text('title').notNull(),
    /** A stable name for the few courses code recognises (the bath builder's 'spiritual-baths'); null for most. */
    slug: text('slug').unique(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    /** Community search's words (generated; modules/search). */
    search: searchVector({ A: 'title', B: 'summary', C: 'description' }),
    /** Set by the owner; null: worked out from the lessons' durations. */
    estimatedHours: integer('estimated_hours'),
    orderIndex: integer('order_index').notNull(),
    /** Members see published courses only; a new course starts as a draft. */
    isPublished: boolean('is_published').notNull().default(true),
    /** Archived: out of the catalog and closed to members, progress kept; never published at once. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** 'members' (an active membership) or 'free' (every signed-up account). */
    access: text('access', { enum: COURSE_ACCESS }).notNull().default('members'),
    /** Lessons are completed in order unless the owner turns it off. */
    sequential: boolean('sequential').notNull().default(true),
    /** A course_cover upload (media_files); the foreign key is in the migration (the tables refer to each other). */
    coverMediaId: uuid('cover_media_id'),
    /** Bumped by every save: a save carrying an older one is refused (two admins editing at once). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_estimated_hours_positive', sql`${t.estimatedHours} > 0`),
    checkIn('courses_access_check', t.access, COURSE_ACCESS),
    check('courses_archived_unpublished', sql`${t.archivedAt} is null or not ${t.isPublished}`),
    index('courses_search_idx').using('gin', t.search),
  ],
);

/** A course's ordered sections. */
export const courseModules = pgTable(
  'course_modules',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('course_modules_course_position_unique').on(t.courseId, t.position),
    check('course_modules_position_positive', sql`${t.position} > 0`),
  ],
);

/**
 * Lesson ids have the spec's form "{course}-{n}". position orders them within the whole course (module
 * by module): it is renumbered whenever the outline changes, so "the lesson before" is position - 1.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: text('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The lesson's text, Markdown (rendered without raw HTML). */
    bodyMarkdown: text('body_markdown').notNull().default(''),
    /** Community search's words (generated; modules/search). */
    // Not the body: a lesson's text opens only to whom its rules allow (drip days, order, membership).
    search: searchVector({ A: 'title', B: 'description' }),
    /** A YouTube or Vimeo link as the owner gave it (embedded privacy-enhanced); null: none. */
    videoUrl: text('video_url'),
    /** An uploaded lesson_video (media_files); foreign key in the migration. Wins over video_url. */
    videoMediaId: uuid('video_media_id'),
    /** Open to visitors and every account, from the landing and course pages. */
    isFreePreview: boolean('is_free_preview').notNull().default(false),
    /** Opens this many days after the member joined; null: at once. */
    dripDays: integer('drip_days'),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('lessons_course_position_unique').on(t.courseId, t.position),
    index('lessons_module_idx').on(t.moduleId),
    index('lessons_search_idx').using('gin', t.search),
    check('lessons_position_positive', sql`${t.position} > 0`),
    check('lessons_duration_positive', sql`${t.durationMinutes} > 0`),
    check('lessons_drip_days_range', sql`${t.dripDays} between 1 and 3650`),
  ],
);

/** One row per member and lesson. */
export const userProgress = pgTable(
  'user_progress',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completed: boolean('completed').notNull().default(false),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Where she stopped in the lesson's uploaded video, in seconds (resumed when she returns). */
    positionSeconds: integer('position_seconds').notNull().default(0),
    /** When she last opened the lesson: "Continue where you left off". */
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (t) => [
    unique('user_progress_user_lesson_unique').on(t.userId, t.lessonId),
    index('user_progress_user_course_idx').on(t.userId, t.courseId),
    index('user_progress_user_viewed_idx').on(t.userId, t.lastViewedAt).where(sql`${t.lastViewedAt} is not null`),
    check('user_progress_position_non_negative', sql`${t.positionSeconds} >= 0`),
    check('user_progress_percentage_range', sql`${t.progressPercentage} between 0 and 100`),
  ],
);
