import type { CourseSummary } from '@lunara/shared/courses';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from '../../db/schema/courses.ts';

/** The published courses in catalog order, with their lesson counts (five rows: no paging needed). */
export async function listCourses(db: Db): Promise<CourseSummary[]> {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      summary: courses.summary,
      description: courses.description,
      estimatedHours: courses.estimatedHours,
      lessonCount: count(lessons.id),
    })
    .from(courses)
    .leftJoin(lessons, eq(lessons.courseId, courses.id))
    .where(eq(courses.isPublished, true))
    .groupBy(courses.id)
    .orderBy(asc(courses.orderIndex));
}
