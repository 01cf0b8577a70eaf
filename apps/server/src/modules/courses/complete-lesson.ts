import {
  type CompleteLessonResponse,
  LESSON_MESSAGES,
  LESSON_PROGRESS_PERCENTAGE,
  progressPercent,
} from '@lunara/shared/courses';
import { POINTS } from '@lunara/shared/points';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessons, userProgress } from '../../db/schema/courses.ts';
import { conflict, forbidden, unauthorized } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { awardPoints } from '../points/ledger-service.ts';
import { assertLessonOpen, loadLessonAccess } from './lesson-access.ts';

/**
 * "Start Lesson": marks the lesson complete once, for a member with access to the course. A dripped
 * lesson waits for its day (403); in a course taken in order the lesson before must be complete (409),
 * a free preview included: viewing it is open, finishing the course still goes in order. The progress
 * row's unique key decides between concurrent requests, so the +20 points are paid exactly once.
 */
export async function completeLesson(
  db: Db,
  member: SessionUser | null,
  courseId: number,
  lessonId: string,
): Promise<CompleteLessonResponse> {
  if (!member) throw unauthorized(LESSON_MESSAGES.signInFirst);
  const found = await loadLessonAccess(db, member, { courseId, lessonId });
  if (found.viewer !== 'member') throw forbidden(LESSON_MESSAGES.membersOnly);
  if (!found.completed) {
    if (found.access.state === 'scheduled') await assertLessonOpen(db, member, found.access);
    if (found.course.sequential && !found.previousCompleted) throw conflict(LESSON_MESSAGES.previousFirst);
  }

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userProgress)
      .values({
        userId: member.id,
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
        userId: member.id,
        amount: POINTS.lesson,
        reason: 'lesson',
        idempotencyKey: `lesson:${member.id}:${lessonId}`,
      }));

    const [totals] = await tx
      .select({
        total: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courseId})`,
        completed: sql<number>`(select count(*)::int from ${userProgress} where ${userProgress.userId} = ${member.id} and ${userProgress.courseId} = ${courseId} and ${userProgress.completed})`,
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
