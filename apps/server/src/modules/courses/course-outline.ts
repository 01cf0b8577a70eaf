import type { CourseViewer } from '@lunara/shared/courses';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { courseModules, type courses, lessons, userProgress } from '../../db/schema/courses.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { findCourse, viewerOf } from './lesson-access.ts';
import { type LessonAccess, lessonAccessOf } from './lesson-state.ts';

// Every column but the body: a course's texts can be megabytes together, and only the lesson page shows one.
const { bodyMarkdown: _body, ...outlineColumns } = getTableColumns(lessons);
export type OutlineLessonRow = Omit<typeof lessons.$inferSelect, 'bodyMarkdown'>;

/** A lesson of the outline with its state for the viewer and her stored progress (members only). */
export interface OutlineLesson {
  row: OutlineLessonRow;
  access: LessonAccess;
  completedAt: Date | null;
  positionSeconds: number;
  lastViewedAt: Date | null;
}

export interface CourseOutline {
  course: typeof courses.$inferSelect;
  viewer: CourseViewer;
  modules: { id: string; title: string }[];
  /** In course order. */
  lessons: OutlineLesson[];
}

/**
 * A course's modules and lessons, each lesson's state for this viewer (lesson-state.ts decides). Her
 * progress is read only when she is a member: a visitor's, an account's and a preview's outline carry none.
 */
export async function loadCourseOutline(
  db: Db,
  member: SessionUser | null,
  courseId: number,
  preview = false,
): Promise<CourseOutline> {
  const course = await findCourse(db, courseId);
  const viewer = await viewerOf(db, member, course, preview);
  const userId = viewer === 'member' && member ? member.id : '';
  const [modules, rows] = await Promise.all([
    db
      .select({ id: courseModules.id, title: courseModules.title })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position)),
    db
      .select({
        lesson: outlineColumns,
        completed: userProgress.completed,
        completedAt: userProgress.completedAt,
        positionSeconds: userProgress.positionSeconds,
        lastViewedAt: userProgress.lastViewedAt,
        // When she joined, which drip days count from: on every row rather than a statement of its own.
        joinedAt: sql<Date | null>`(select ${user.createdAt} from ${user} where ${user.id} = ${userId})`.mapWith(
          user.createdAt,
        ),
      })
      .from(lessons)
      .leftJoin(userProgress, and(eq(userProgress.lessonId, lessons.id), eq(userProgress.userId, userId)))
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.position)),
  ]);

  const joinedAt = (userId && rows[0]?.joinedAt) || null;
  const now = new Date();
  let previousCompleted = true;
  const outline = rows.map((row): OutlineLesson => {
    const completed = Boolean(row.completed);
    const access = lessonAccessOf(
      viewer,
      course.sequential,
      { isFreePreview: row.lesson.isFreePreview, dripDays: row.lesson.dripDays, completed, previousCompleted },
      joinedAt,
      now,
    );
    previousCompleted = completed;
    return {
      row: row.lesson,
      access,
      completedAt: completed ? (row.completedAt ?? null) : null,
      positionSeconds: row.positionSeconds ?? 0,
      lastViewedAt: row.lastViewedAt ?? null,
    };
  });
  return { course, viewer, modules, lessons: outline };
}

/**
 * "Continue where you left off": the lesson she last opened if it is still to do and open, else the
 * first open lesson not complete; null when there is none (done, or the rest not open yet).
 */
export function resumeOf(outline: CourseOutline): OutlineLesson | null {
  if (outline.viewer !== 'member') return null;
  let last: OutlineLesson | null = null;
  for (const lesson of outline.lessons) {
    if (lesson.lastViewedAt && (!last?.lastViewedAt || lesson.lastViewedAt > last.lastViewedAt)) last = lesson;
  }
  if (last?.access.state === 'available') return last;
  return outline.lessons.find((lesson) => lesson.access.state === 'available') ?? null;
}
