import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The unique (course, position) constraints are checked row by row, so positions are never swapped in
 * place: everything moves past this offset first, then takes its final number.
 */
const PARK_OFFSET = 1_000_000;

/**
 * Renumbers the course's modules 1..m and its lessons 1..n across the course, module by module, keeping
 * their current relative order (a lesson just added with the highest position ends its module). The
 * caller holds the course lock. Completion's "lesson before" rule reads position - 1, so gaps never stay.
 */
export async function renumberCourse(tx: Db, courseId: number): Promise<void> {
  await tx.execute(sql`update course_modules set position = position + ${PARK_OFFSET} where course_id = ${courseId}`);
  await tx.execute(sql`
    update course_modules m set position = o.n
    from (select id, row_number() over (order by position) as n from course_modules where course_id = ${courseId}) o
    where m.id = o.id`);
  await tx.execute(sql`update lessons set position = position + ${PARK_OFFSET} where course_id = ${courseId}`);
  await tx.execute(sql`
    update lessons l set position = o.n
    from (
      select l2.id, row_number() over (order by m.position, l2.position) as n
      from lessons l2 join course_modules m on m.id = l2.module_id
      where l2.course_id = ${courseId}
    ) o
    where l.id = o.id`);
}

/**
 * Writes an outline given in full: module i of `modules` takes position i + 1, and the lessons take
 * 1..n in the order listed, each in the module it is listed under. The caller checked that the outline
 * names every module and lesson of the course exactly once, and holds the course lock.
 */
export async function writeOutline(
  tx: Db,
  courseId: number,
  modules: Array<{ id: string; lessonIds: string[] }>,
): Promise<void> {
  await tx.execute(sql`update course_modules set position = position + ${PARK_OFFSET} where course_id = ${courseId}`);
  await tx.execute(sql`update lessons set position = position + ${PARK_OFFSET} where course_id = ${courseId}`);
  const modulePositions = modules.map((module, index) => sql`(${module.id}::uuid, ${index + 1}::int)`);
  await tx.execute(sql`
    update course_modules m set position = v.position
    from (values ${sql.join(modulePositions, sql`, `)}) as v(id, position)
    where m.id = v.id and m.course_id = ${courseId}`);
  const lessonPlaces = modules.flatMap((module) =>
    module.lessonIds.map((lessonId) => ({ lessonId, moduleId: module.id })),
  );
  if (lessonPlaces.length === 0) return;
  const lessonRows = lessonPlaces.map(
    (place, index) => sql`(${place.lessonId}::text, ${place.moduleId}::uuid, ${index + 1}::int)`,
  );
  await tx.execute(sql`
    update lessons l set position = v.position, module_id = v.module_id
    from (values ${sql.join(lessonRows, sql`, `)}) as v(id, module_id, position)
    where l.id = v.id and l.course_id = ${courseId}`);
}
