import {
  type CourseDetail,
  type CourseProgressList,
  estimatedHoursOf,
  type Lesson,
  progressPercent,
} from '@lunara/shared/courses';
import { mediaUrl } from '@lunara/shared/media';
import { parseVideoLink } from '@lunara/shared/video-links';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons, userProgress } from '../../db/schema/courses.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { type CourseOutline, loadCourseOutline, type OutlineLesson, resumeOf } from './course-outline.ts';
import { courseStatusOf, publishedCourse } from './lesson-access.ts';

/** A lesson as the outline and the lesson page show it. */
export function lessonOf(lesson: OutlineLesson, position: number): Lesson {
  const { row, access } = lesson;
  return {
    id: row.id,
    moduleId: row.moduleId,
    position,
    title: row.title,
    description: row.description,
    durationMinutes: row.durationMinutes,
    isFreePreview: row.isFreePreview,
    hasVideo: row.videoMediaId !== null || (row.videoUrl !== null && parseVideoLink(row.videoUrl) !== null),
    state: access.state,
    opensAt: access.opensAt?.toISOString() ?? null,
    completedAt: lesson.completedAt?.toISOString() ?? null,
  };
}

/** The course page: the outline with each lesson's state for this viewer, her progress and where to resume. */
export function courseDetailOf(outline: CourseOutline): CourseDetail {
  const { course, viewer } = outline;
  const lessonList = outline.lessons.map((lesson, index) => lessonOf(lesson, index + 1));
  const completed = outline.lessons.filter((lesson) => lesson.access.state === 'complete');
  const isFinished = lessonList.length > 0 && completed.length === lessonList.length;
  const lastCompletion = completed.reduce<Date | null>(
    (latest, { completedAt }) => (latest && (!completedAt || latest > completedAt) ? latest : completedAt),
    null,
  );
  const resume = resumeOf(outline);
  const totalMinutes = outline.lessons.reduce((sum, lesson) => sum + lesson.row.durationMinutes, 0);
  return {
    id: course.id,
    title: course.title,
    slug: course.slug,
    summary: course.summary,
    description: course.description,
    estimatedHours: estimatedHoursOf(course.estimatedHours, totalMinutes),
    lessonCount: lessonList.length,
    coverUrl: course.coverMediaId ? mediaUrl(course.coverMediaId) : null,
    access: course.access,
    previewLessonId: outline.lessons.find((lesson) => lesson.row.isFreePreview)?.row.id ?? null,
    modules: outline.modules,
    lessons: lessonList,
    viewer,
    sequential: course.sequential,
    status: courseStatusOf(course),
    completedLessons: completed.length,
    progressPercent: progressPercent(completed.length, lessonList.length),
    completedAt: isFinished && lastCompletion ? lastCompletion.toISOString() : null,
    resume: resume ? { lessonId: resume.row.id, positionSeconds: resume.positionSeconds } : null,
  };
}

/** GET /api/courses/:courseId for anyone (404 for a hidden course unless an admin previews it). */
export async function getCourseDetail(
  db: Db,
  member: SessionUser | null,
  courseId: number,
  preview = false,
): Promise<CourseDetail> {
  return courseDetailOf(await loadCourseOutline(db, member, courseId, preview));
}

/** Completed lessons per published course, for the library's cards. */
export async function listCourseProgress(db: Db, userId: string): Promise<CourseProgressList> {
  const [totals, done] = await Promise.all([
    db
      .select({ courseId: lessons.courseId, total: count(lessons.id) })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(publishedCourse)
      .groupBy(lessons.courseId),
    db
      .select({ courseId: userProgress.courseId, completed: count(userProgress.id) })
      .from(userProgress)
      .where(and(eq(userProgress.userId, userId), eq(userProgress.completed, true)))
      .groupBy(userProgress.courseId),
  ]);
  return {
    progress: totals.map(({ courseId, total }) => {
      const completedLessons = done.find((row) => row.courseId === courseId)?.completed ?? 0;
      return { courseId, completedLessons, progressPercent: progressPercent(completedLessons, total) };
    }),
  };
}
