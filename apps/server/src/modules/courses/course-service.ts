import {
  type CompleteLessonResponse,
  type CourseDetail,
  type CourseProgressList,
  LESSON_PROGRESS_PERCENTAGE,
  progressPercent,
} from '@lunara/shared/courses';
import { POINTS } from '@lunara/shared/points';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons, userProgress } from '../../db/schema/courses.ts';
import { conflict, notFound } from '../../errors.ts';
import { awardPoints } from '../points/ledger-service.ts';

export const COURSE_NOT_FOUND = 'Course not found';
export const PREVIOUS_LESSON_FIRST = 'Complete the previous lesson first';

async function findCourse(db: Db, courseId: number) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)));
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

/** The course with its ordered lessons, each locked, available or complete for this member. */
export async function getCourseDetail(db: Db, userId: string, courseId: number): Promise<CourseDetail> {
  const course = await findCourse(db, courseId);
  const rows = await db
    .select({ lesson: lessons, completedAt: userProgress.completedAt, completed: userProgress.completed })
    .from(lessons)
    .leftJoin(userProgress, and(eq(userProgress.lessonId, lessons.id), eq(userProgress.userId, userId)))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));

  // The first lesson is always available; each later one once the one before it is complete.
  let previousComplete = true;
  const lessonList = rows.map(({ lesson, completed, completedAt }) => {
    const isComplete = Boolean(completed);
    const state = isComplete ? 'complete' : previousComplete ? 'available' : 'locked';
    previousComplete = isComplete;
    return {
      id: lesson.id,
      position: lesson.position,
      title: lesson.title,
      description: lesson.description,
      durationMinutes: lesson.durationMinutes,
      videoUrl: lesson.videoUrl,
      state,
      completedAt: completedAt?.toISOString() ?? null,
    } as const;
  });
  const completedLessons = lessonList.filter((lesson) => lesson.state === 'complete').length;
  const isFinished = lessonList.length > 0 && completedLessons === lessonList.length;
  const lastCompletion = lessonList
    .map((lesson) => lesson.completedAt ?? '')
    .sort()
    .at(-1);
  return {
    id: course.id,
    title: course.title,
    summary: course.summary,
    description: course.description,
    estimatedHours: course.estimatedHours,
    lessonCount: lessonList.length,
    lessons: lessonList,
    completedLessons,
    progressPercent: progressPercent(completedLessons, lessonList.length),
    completedAt: isFinished && lastCompletion ? lastCompletion : null,
  };
}

/** Completed lessons per course, for the library's cards. */
export async function listCourseProgress(db: Db, userId: string): Promise<CourseProgressList> {
  const totals = await db
    .select({ courseId: lessons.courseId, total: count(lessons.id) })
    .from(lessons)
    .groupBy(lessons.courseId);
  const done = await db
    .select({ courseId: userProgress.courseId, completed: count(userProgress.id) })
    .from(userProgress)
    .where(and(eq(userProgress.userId, userId), eq(userProgress.completed, true)))
    .groupBy(userProgress.courseId);
  return {
    progress: totals.map(({ courseId, total }) => {
      const completedLessons = done.find((row) => row.courseId === courseId)?.completed ?? 0;
      return { courseId, completedLessons, progressPercent: progressPercent(completedLessons, total) };
    }),
  };
}

/**
 * "Start Lesson": marks the lesson complete, in order, once. The progress row's unique key decides
 * between concurrent requests, so the +20 points are paid exactly once.
 */
export async function completeLesson(
  db: Db,
  userId: string,
  courseId: number,
  lessonId: string,
): Promise<CompleteLessonResponse> {
  await findCourse(db, courseId);
  return db.transaction(async (tx) => {
    const [lesson] = await tx
      .select()
      .from(lessons)
      .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
    if (!lesson) throw notFound('Lesson not found');

    if (lesson.position > 1) {
      const [previous] = await tx
        .select({ completed: userProgress.completed })
        .from(lessons)
        .innerJoin(userProgress, and(eq(userProgress.lessonId, lessons.id), eq(userProgress.userId, userId)))
        .where(and(eq(lessons.courseId, courseId), eq(lessons.position, lesson.position - 1)));
      if (!previous?.completed) throw conflict(PREVIOUS_LESSON_FIRST);
    }

    const inserted = await tx
      .insert(userProgress)
      .values({
        userId,
        courseId,
        lessonId,
        completed: true,
        progressPercentage: LESSON_PROGRESS_PERCENTAGE,
        completedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [userProgress.userId, userProgress.lessonId],
        set: { completed: true, progressPercentage: LESSON_PROGRESS_PERCENTAGE, completedAt: sql`now()` },
        setWhere: eq(userProgress.completed, false),
      })
      .returning({ id: userProgress.id });
    const newlyCompleted = inserted.length > 0;
    const paid =
      newlyCompleted &&
      (await awardPoints(tx, {
        userId,
        amount: POINTS.lesson,
        reason: 'lesson',
        idempotencyKey: `lesson:${userId}:${lessonId}`,
      }));

    const [totals] = await tx
      .select({
        total: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courseId})`,
        completed: sql<number>`(select count(*)::int from ${userProgress} where ${userProgress.userId} = ${userId} and ${userProgress.courseId} = ${courseId} and ${userProgress.completed})`,
      })
      .from(sql`(select 1) as one`);
    return {
      lessonId,
      newlyCompleted,
      pointsAwarded: paid ? POINTS.lesson : 0,
      progressPercent: progressPercent(totals?.completed ?? 0, totals?.total ?? 0),
    };
  });
}
