import {
  CONTENT_MESSAGES,
  type CreateLessonBody,
  LESSONS_PER_MODULE_MAX,
  type UpdateLessonBody,
} from '@lunara/shared/content-studio';
import { eq, sql } from 'drizzle-orm';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { conflict, notFound, versionConflict } from '../../errors.ts';
import { auditContent, bumpCourse, lockCourseOf, lockModule } from './course-locks.ts';
import { renumberCourse } from './course-positions.ts';
import { placeAfterLast } from './list-order.ts';
import { assertReadyUpload } from './ready-upload.ts';

type LessonRow = typeof lessons.$inferSelect;

/** A new lesson at the end of the module, with an empty body. Returns its id ("{course}-{n}"). */
export async function createLesson(db: Db, actorId: string, moduleId: string, body: CreateLessonBody): Promise<string> {
  return db.transaction(async (tx) => {
    const { module, course } = await lockModule(tx, moduleId);
    const inModule = eq(lessons.moduleId, module.id);
    await assertRoomFor(tx, lessons, inModule, LESSONS_PER_MODULE_MAX, CONTENT_MESSAGES.tooManyLessons);
    const [created] = await tx
      .insert(lessons)
      .values({
        id: sql`${String(course.id)} || '-' || nextval('lesson_number_seq')`,
        courseId: course.id,
        moduleId: module.id,
        // Past every lesson of the course, so renumbering puts it last in its module.
        position: placeAfterLast(lessons, lessons.position, eq(lessons.courseId, course.id)),
        title: body.title,
        description: '',
        bodyMarkdown: '',
        durationMinutes: body.durationMinutes ?? 10,
      })
      .returning({ id: lessons.id });
    if (!created) throw new Error('The lesson was not saved');
    await renumberCourse(tx, course.id);
    await bumpCourse(tx, course.id);
    await auditContent(
      tx,
      actorId,
      'lesson.create',
      { type: 'lesson', id: created.id },
      { title: body.title, courseId: course.id, courseTitle: course.title },
    );
    return created.id;
  });
}

/**
 * The lesson editor's autosave: the fields given, from the version the editor loaded (the row lock makes
 * the check and the write one step, so of two admins saving at once the second is told, never silently
 * overwritten). A replaced or removed uploaded video is deleted; returns its media id, if any.
 */
export async function updateLesson(
  db: Db,
  actorId: string,
  lessonId: string,
  body: UpdateLessonBody,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for('update');
    if (!lesson) throw notFound(CONTENT_MESSAGES.lessonNotFound);
    if (lesson.version !== body.version) throw versionConflict(CONTENT_MESSAGES.versionConflict);
    const changes: Partial<LessonRow> = {};
    if (body.title !== undefined) changes.title = body.title;
    if (body.description !== undefined) changes.description = body.description;
    if (body.durationMinutes !== undefined) changes.durationMinutes = body.durationMinutes;
    if (body.bodyMarkdown !== undefined) changes.bodyMarkdown = body.bodyMarkdown;
    if (body.videoLink !== undefined) changes.videoUrl = body.videoLink;
    if (body.isFreePreview !== undefined) changes.isFreePreview = body.isFreePreview;
    if (body.dripDays !== undefined) changes.dripDays = body.dripDays;
    // A free preview is open to everyone at once: a drip delay on it would mean nothing.
    if (changes.isFreePreview ?? lesson.isFreePreview) changes.dripDays = null;
    const videoChanges = body.videoMediaId !== undefined && body.videoMediaId !== lesson.videoMediaId;
    if (videoChanges) {
      if (body.videoMediaId) await assertReadyUpload(tx, body.videoMediaId, { kind: 'lesson_video', lessonId });
      changes.videoMediaId = body.videoMediaId;
    }
    const replacedVideo = videoChanges ? lesson.videoMediaId : null;
    await tx
      .update(lessons)
      .set({ ...changes, version: sql`${lessons.version} + 1`, updatedAt: sql`now()` })
      .where(eq(lessons.id, lessonId));
    const removed = replacedVideo
      ? await tx.delete(mediaFiles).where(eq(mediaFiles.id, replacedVideo)).returning({ id: mediaFiles.id })
      : [];
    const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, lesson.courseId));
    await auditContent(
      tx,
      actorId,
      'lesson.update',
      { type: 'lesson', id: lessonId },
      {
        title: changes.title ?? lesson.title,
        courseId: lesson.courseId,
        courseTitle: course?.title ?? '',
        fields: Object.keys(changes),
      },
    );
    return removed.map((row) => row.id);
  });
}

/**
 * Deletes the lesson (members' progress on it and its media rows cascade) and closes the gap in the
 * course's positions. Returns the course id and the media ids removed.
 */
export async function deleteLesson(
  db: Db,
  actorId: string,
  lessonId: string,
): Promise<{ courseId: number; removed: string[] }> {
  return db.transaction(async (tx) => {
    const { row: lesson, course } = await lockCourseOf(
      tx,
      async () =>
        (
          await tx
            .select({ courseId: lessons.courseId, title: lessons.title })
            .from(lessons)
            .where(eq(lessons.id, lessonId))
        )[0],
      CONTENT_MESSAGES.lessonNotFound,
    );
    if (course.isPublished) {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(lessons)
        .where(eq(lessons.courseId, course.id));
      // Members would find an empty course in the library (publishing refuses one for the same reason).
      if (count <= 1) throw conflict(CONTENT_MESSAGES.lastPublishedLesson);
    }
    const media = await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.lessonId, lessonId));
    await tx.delete(lessons).where(eq(lessons.id, lessonId));
    await renumberCourse(tx, course.id);
    await bumpCourse(tx, course.id);
    await auditContent(
      tx,
      actorId,
      'lesson.delete',
      { type: 'lesson', id: lessonId },
      { title: lesson.title, courseId: course.id, courseTitle: course.title },
    );
    return { courseId: course.id, removed: media.map((row) => row.id) };
  });
}
