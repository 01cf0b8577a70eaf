import {
  CONTENT_MESSAGES,
  MODULES_PER_COURSE_MAX,
  type ModuleBody,
  type OutlineBody,
} from '@lunara/shared/content-studio';
import { and, eq, sql } from 'drizzle-orm';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { courseModules, lessons } from '../../db/schema/courses.ts';
import { conflict, versionConflict } from '../../errors.ts';
import { auditContent, bumpCourse, lockCourse, lockModule } from './course-locks.ts';
import { renumberCourse, writeOutline } from './course-positions.ts';
import { namesEachOnce, placeAfterLast } from './list-order.ts';

/** Appends a module to the course. */
export async function addModule(db: Db, actorId: string, courseId: number, body: ModuleBody): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId);
    const inCourse = eq(courseModules.courseId, courseId);
    await assertRoomFor(tx, courseModules, inCourse, MODULES_PER_COURSE_MAX, CONTENT_MESSAGES.tooManyModules);
    await tx.insert(courseModules).values({
      courseId,
      title: body.title,
      position: placeAfterLast(courseModules, courseModules.position, eq(courseModules.courseId, courseId)),
    });
    await bumpCourse(tx, courseId);
    await auditContent(
      tx,
      actorId,
      'module.create',
      { type: 'course', id: courseId },
      { title: body.title, courseTitle: course.title },
    );
  });
}

/** Renames a module; returns its course's id. */
export async function renameModule(db: Db, actorId: string, moduleId: string, body: ModuleBody): Promise<number> {
  return db.transaction(async (tx) => {
    const { module, course } = await lockModule(tx, moduleId);
    await tx.update(courseModules).set({ title: body.title }).where(eq(courseModules.id, moduleId));
    await bumpCourse(tx, course.id);
    await auditContent(
      tx,
      actorId,
      'module.update',
      { type: 'course', id: course.id },
      { title: body.title, from: module.title, courseTitle: course.title },
    );
    return course.id;
  });
}

/** Deletes an empty module that is not the course's last; returns its course's id. */
export async function deleteModule(db: Db, actorId: string, moduleId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const { module, course } = await lockModule(tx, moduleId);
    const [lesson] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.moduleId, moduleId)).limit(1);
    if (lesson) throw conflict(CONTENT_MESSAGES.moduleNotEmpty);
    const [other] = await tx
      .select({ id: courseModules.id })
      .from(courseModules)
      .where(and(eq(courseModules.courseId, course.id), sql`${courseModules.id} <> ${moduleId}`))
      .limit(1);
    if (!other) throw conflict(CONTENT_MESSAGES.lastModule);
    await tx.delete(courseModules).where(eq(courseModules.id, moduleId));
    await renumberCourse(tx, course.id);
    await bumpCourse(tx, course.id);
    await auditContent(
      tx,
      actorId,
      'module.delete',
      { type: 'course', id: course.id },
      { title: module.title, courseTitle: course.title },
    );
    return course.id;
  });
}

/**
 * Saves the order of the modules and of their lessons (lessons may change module), from the version the
 * editor loaded. The outline must name every module and lesson of the course exactly once: anything else
 * means the editor's copy is out of date.
 */
export async function saveOutline(db: Db, actorId: string, courseId: number, body: OutlineBody): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId, body.version);
    const modules = await tx
      .select({ id: courseModules.id })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId));
    const lessonRows = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
    const outlineModules = body.modules.map((module) => module.id);
    const outlineLessons = body.modules.flatMap((module) => module.lessonIds);
    if (
      !namesEachOnce(
        outlineModules,
        modules.map((module) => module.id),
      ) ||
      !namesEachOnce(
        outlineLessons,
        lessonRows.map((lesson) => lesson.id),
      )
    ) {
      throw versionConflict(CONTENT_MESSAGES.outlineMismatch);
    }
    await writeOutline(tx, courseId, body.modules);
    await bumpCourse(tx, courseId);
    await auditContent(tx, actorId, 'course.outline', { type: 'course', id: courseId }, { title: course.title });
  });
}
