import { CONTENT_MESSAGES } from '@lunara/shared/content-studio';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseModules, courses } from '../../db/schema/courses.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { notFound, versionConflict } from '../../errors.ts';

export type CourseRow = typeof courses.$inferSelect;

/**
 * The course row, locked for the rest of the transaction: every change to a course, its modules or its
 * lessons' order takes this lock first, so concurrent edits of one course run one after the other and
 * positions are never renumbered by two at once. With `version`, a save made from an older version is
 * refused (the lock makes the check and the write one step).
 */
export async function lockCourse(tx: Db, courseId: number, version?: number): Promise<CourseRow> {
  const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
  if (!course) throw notFound(CONTENT_MESSAGES.courseNotFound);
  if (version !== undefined && course.version !== version) throw versionConflict(CONTENT_MESSAGES.versionConflict);
  return course;
}

/**
 * The course a module or lesson belongs to, locked, with that row as `read` gives it again under the lock
 * (a delete that ran first may have taken it meanwhile); 404 with `missing` when the row is gone.
 */
export async function lockCourseOf<Row extends { courseId: number }>(
  tx: Db,
  read: () => Promise<Row | undefined>,
  missing: string,
): Promise<{ row: Row; course: CourseRow }> {
  const before = await read();
  if (!before) throw notFound(missing);
  const course = await lockCourse(tx, before.courseId);
  const row = await read();
  if (!row) throw notFound(missing);
  return { row, course };
}

/** A module's course, locked; 404 when the module is gone. */
export async function lockModule(tx: Db, moduleId: string) {
  const { row: module, course } = await lockCourseOf(
    tx,
    async () => (await tx.select().from(courseModules).where(eq(courseModules.id, moduleId)))[0],
    CONTENT_MESSAGES.moduleNotFound,
  );
  return { module, course };
}

/** Every course-level change moves the version on, so an editor open elsewhere learns its copy is old. */
export async function bumpCourse(tx: Db, courseId: number, changes: Partial<CourseRow> = {}): Promise<void> {
  await tx
    .update(courses)
    .set({ ...changes, version: sql`${courses.version} + 1`, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId));
}

/** Autosaves of one target by one admin within this long are one audit entry (not one per pause in typing). */
const AUTOSAVE_AUDIT_WINDOW = '10 minutes';

/**
 * One audit_log row, in the caller's transaction; details name the target so a deleted one still reads.
 * An edit (`*.update`) continuing the same admin's edit of the same target within the window updates
 * that entry instead: its time moves on and its `fields` gather every field changed. The lookup reads
 * the newest entries by the created_at index only, so it never grows with the log.
 */
export async function auditContent(
  tx: Db,
  actorId: string,
  action: string,
  target: { type: 'course' | 'lesson'; id: string | number },
  details: Record<string, unknown>,
): Promise<void> {
  const targetId = String(target.id);
  if (action.endsWith('.update')) {
    const fields = Array.isArray(details.fields) ? details.fields : [];
    const merged = await tx
      .update(auditLog)
      .set({
        createdAt: sql`now()`,
        details: sql`${JSON.stringify(details)}::jsonb || jsonb_build_object('fields', (
          select coalesce(jsonb_agg(distinct field), '[]'::jsonb)
          from jsonb_array_elements_text(coalesce(${auditLog.details}->'fields', '[]'::jsonb) || ${JSON.stringify(fields)}::jsonb) as field
        ))`,
      })
      .where(
        sql`${auditLog.id} = (select a.id from audit_log a
          where a.created_at > now() - ${AUTOSAVE_AUDIT_WINDOW}::interval
            and a.actor_id = ${actorId} and a.action = ${action}
            and a.target_type = ${target.type} and a.target_id = ${targetId}
          order by a.created_at desc limit 1)`,
      )
      .returning({ id: auditLog.id });
    if (merged.length > 0) return;
  }
  await tx.insert(auditLog).values({ actorId, action, targetType: target.type, targetId, details });
}
