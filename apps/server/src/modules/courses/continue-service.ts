import type { ContinueLearning } from '@lunara/shared/courses';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { loadCourseOutline, resumeOf } from './course-outline.ts';
import { courseDetailOf } from './course-service.ts';
import { publishedCourse } from './lesson-access.ts';

/** Courses looked at before giving up (each candidate costs one outline load). */
const CANDIDATES = 5;

/**
 * The dashboard's "Continue where you left off": of the published courses she has progress in and has
 * not finished, the one she was in most recently (last opened, else last completed), and its next
 * lesson. Reads only her own progress rows (by the user's indexes); a course she can no longer open
 * (a membership that ended) is passed over for the next.
 */
export async function getContinueLearning(db: Db, member: SessionUser): Promise<ContinueLearning> {
  const candidates = await queryRows<{ course_id: number }>(
    db,
    sql`select p.course_id
      from user_progress p
      join ${courses} on ${courses.id} = p.course_id and ${publishedCourse}
      where p.user_id = ${member.id}
      group by p.course_id
      having count(*) filter (where p.completed)
        < (select count(*) from lessons l where l.course_id = p.course_id)
      order by greatest(max(p.last_viewed_at), max(p.completed_at)) desc nulls last, p.course_id
      limit ${CANDIDATES}`,
  );
  for (const { course_id: courseId } of candidates) {
    const outline = await loadCourseOutline(db, member, courseId);
    const next = resumeOf(outline);
    if (!next) continue;
    const detail = courseDetailOf(outline);
    return {
      next: {
        courseId,
        courseTitle: outline.course.title,
        lessonId: next.row.id,
        lessonTitle: next.row.title,
        lessonPosition: outline.lessons.indexOf(next) + 1,
        lessonCount: outline.lessons.length,
        positionSeconds: next.positionSeconds,
        progressPercent: detail.progressPercent,
      },
    };
  }
  return { next: null };
}
