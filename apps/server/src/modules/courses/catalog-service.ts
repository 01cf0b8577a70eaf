import { type CourseSummary, estimatedHoursOf } from '@lunara/shared/courses';
import { mediaUrl } from '@lunara/shared/media';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from '../../db/schema/courses.ts';
import { publishedCourse } from './lesson-access.ts';

/** The published courses in catalog order, in one query (a catalog is tens of courses: no paging). */
export async function listCourses(db: Db): Promise<CourseSummary[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      summary: courses.summary,
      description: courses.description,
      setHours: courses.estimatedHours,
      access: courses.access,
      coverMediaId: courses.coverMediaId,
      lessonCount: count(lessons.id),
      totalMinutes: sql<number>`coalesce(sum(${lessons.durationMinutes}), 0)::int`,
      previewLessonId: sql<
        string | null
      >`(array_agg(${lessons.id} order by ${lessons.position}) filter (where ${lessons.isFreePreview}))[1]`,
    })
    .from(courses)
    .leftJoin(lessons, eq(lessons.courseId, courses.id))
    .where(publishedCourse)
    .groupBy(courses.id)
    .orderBy(asc(courses.orderIndex), asc(courses.id));
  return rows.map(({ setHours, totalMinutes, coverMediaId, ...course }) => ({
    ...course,
    estimatedHours: estimatedHoursOf(setHours, totalMinutes),
    coverUrl: coverMediaId ? mediaUrl(coverMediaId) : null,
  }));
}
