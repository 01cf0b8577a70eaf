import type { Journey } from '@lunara/shared/courses';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import { publishedCourse } from './lesson-access.ts';

/**
 * Overall progress over all published lessons, lessons completed, and the number of distinct days
 * on which the member did something that counts (earned points, finished a lesson, did a ritual).
 */
export async function getJourney(db: Db, userId: string): Promise<Journey> {
  const [row] = await queryRows<{ completed: number; total: number; days: number }>(
    db,
    sql`select
      (select count(*)::int from user_progress p join ${courses} on ${courses.id} = p.course_id
         where p.user_id = ${userId} and p.completed and ${publishedCourse}) as completed,
      (select count(*)::int from lessons l join ${courses} on ${courses.id} = l.course_id
         where ${publishedCourse}) as total,
      (select count(*)::int from (
         select (created_at at time zone 'UTC')::date as day from points_ledger where user_id = ${userId}
         union select (completed_at at time zone 'UTC')::date from user_progress
           where user_id = ${userId} and completed_at is not null
         union select local_date from daily_rituals where user_id = ${userId}
       ) days) as days`,
  );
  const completed = row?.completed ?? 0;
  const total = row?.total ?? 0;
  return {
    courseProgressPercent: total === 0 ? 0 : Math.round((completed / total) * 100),
    lessonsCompleted: completed,
    totalLessons: total,
    daysActive: row?.days ?? 0,
  };
}
