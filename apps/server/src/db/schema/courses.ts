import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, id } from './columns.ts';

export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    estimatedHours: integer('estimated_hours').notNull(),
    orderIndex: integer('order_index').notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('courses_estimated_hours_positive', sql`${t.estimatedHours} > 0`)],
);

/** Lesson ids have the spec's form "{course}-{n}"; position orders them within the course. */
export const lessons = pgTable(
  'lessons',
  {
    id: text('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    videoUrl: text('video_url'),
  },
  (t) => [
    unique('lessons_course_position_unique').on(t.courseId, t.position),
    check('lessons_position_positive', sql`${t.position} > 0`),
    check('lessons_duration_positive', sql`${t.durationMinutes} > 0`),
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
  },
  (t) => [
    unique('user_progress_user_lesson_unique').on(t.userId, t.lessonId),
    index('user_progress_user_course_idx').on(t.userId, t.courseId),
    check('user_progress_percentage_range', sql`${t.progressPercentage} between 0 and 100`),
  ],
);
