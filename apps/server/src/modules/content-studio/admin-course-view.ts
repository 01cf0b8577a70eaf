import type { AdminCourse, AdminCourseSummary, AdminLesson } from '@lunara/shared/content-studio';
import { CONTENT_MESSAGES, COURSE_CATALOG_MAX } from '@lunara/shared/content-studio';
import { estimatedHoursOf } from '@lunara/shared/courses';
import { type Media, mediaUrl } from '@lunara/shared/media';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { courseModules, courses, lessons } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { notFound } from '../../errors.ts';
import { courseStatusOf } from '../courses/lesson-access.ts';

type MediaRow = typeof mediaFiles.$inferSelect;

/** A stored file as the API describes it. */
export function mediaOf(row: MediaRow): Media {
  return {
    id: row.id,
    kind: row.kind,
    url: mediaUrl(row.id),
    contentType: row.contentType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    fileName: row.fileName,
  };
}

const readyMedia = async (db: Db, id: string | null) => {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, id), eq(mediaFiles.status, 'ready')));
  return row ? mediaOf(row) : null;
};

/** Every course in catalog order with its counts (a catalog is tens of courses: one bounded answer). */
export async function listAdminCourses(db: Db): Promise<AdminCourseSummary[]> {
  const rows = await db
    .select({
      course: courses,
      moduleCount: sql<number>`(select count(*) from course_modules m where m.course_id = courses.id)::int`,
      lessonCount: sql<number>`(select count(*) from lessons l where l.course_id = courses.id)::int`,
    })
    .from(courses)
    .orderBy(asc(courses.orderIndex), asc(courses.id))
    .limit(builderLimit(COURSE_CATALOG_MAX));
  return rows.map(({ course, moduleCount, lessonCount }) => ({
    id: course.id,
    title: course.title,
    status: courseStatusOf(course),
    access: course.access,
    moduleCount: Number(moduleCount),
    lessonCount: Number(lessonCount),
    coverUrl: course.coverMediaId ? mediaUrl(course.coverMediaId) : null,
    updatedAt: course.updatedAt.toISOString(),
  }));
}

/** The editor's course: its fields and its outline, modules in order, each with its lessons in order. */
export async function readAdminCourse(db: Db, courseId: number): Promise<AdminCourse> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound(CONTENT_MESSAGES.courseNotFound);
  const modules = await db
    .select()
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position));
  const lessonRows = await db
    .select({
      id: lessons.id,
      moduleId: lessons.moduleId,
      title: lessons.title,
      durationMinutes: lessons.durationMinutes,
      isFreePreview: lessons.isFreePreview,
      dripDays: lessons.dripDays,
      videoUrl: lessons.videoUrl,
      videoMediaId: lessons.videoMediaId,
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  const fileCounts = await fileCountsOf(
    db,
    lessonRows.map((lesson) => lesson.id),
  );
  const totalMinutes = lessonRows.reduce((sum, lesson) => sum + lesson.durationMinutes, 0);
  return {
    id: course.id,
    title: course.title,
    summary: course.summary,
    description: course.description,
    estimatedHours: course.estimatedHours,
    computedHours: estimatedHoursOf(null, totalMinutes),
    access: course.access,
    sequential: course.sequential,
    status: courseStatusOf(course),
    cover: await readyMedia(db, course.coverMediaId),
    version: course.version,
    updatedAt: course.updatedAt.toISOString(),
    modules: modules.map((module) => ({
      id: module.id,
      title: module.title,
      lessons: lessonRows
        .filter((lesson) => lesson.moduleId === module.id)
        .map((lesson) => ({
          id: lesson.id,
          title: lesson.title,
          durationMinutes: lesson.durationMinutes,
          isFreePreview: lesson.isFreePreview,
          dripDays: lesson.dripDays,
          hasVideo: lesson.videoMediaId !== null || lesson.videoUrl !== null,
          fileCount: fileCounts.get(lesson.id) ?? 0,
        })),
    })),
  };
}

async function fileCountsOf(db: Db, lessonIds: string[]): Promise<Map<string, number>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select({ lessonId: mediaFiles.lessonId, n: sql<number>`count(*)::int` })
    .from(mediaFiles)
    .where(
      and(inArray(mediaFiles.lessonId, lessonIds), eq(mediaFiles.kind, 'lesson_file'), eq(mediaFiles.status, 'ready')),
    )
    .groupBy(mediaFiles.lessonId);
  return new Map(rows.map((row) => [row.lessonId as string, Number(row.n)]));
}

/** The lesson editor's lesson: its text, video (upload or link) and files, oldest first. */
export async function readAdminLesson(db: Db, lessonId: string): Promise<AdminLesson> {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson) throw notFound(CONTENT_MESSAGES.lessonNotFound);
  const files = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.lessonId, lessonId), eq(mediaFiles.kind, 'lesson_file'), eq(mediaFiles.status, 'ready')))
    .orderBy(asc(mediaFiles.createdAt), asc(mediaFiles.id));
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    moduleId: lesson.moduleId,
    title: lesson.title,
    description: lesson.description,
    durationMinutes: lesson.durationMinutes,
    bodyMarkdown: lesson.bodyMarkdown,
    videoLink: lesson.videoUrl,
    video: await readyMedia(db, lesson.videoMediaId),
    files: files.map(mediaOf),
    isFreePreview: lesson.isFreePreview,
    dripDays: lesson.dripDays,
    version: lesson.version,
    updatedAt: lesson.updatedAt.toISOString(),
  };
}
