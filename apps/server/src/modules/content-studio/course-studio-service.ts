import {
  CONTENT_MESSAGES,
  COURSE_CATALOG_MAX,
  type CourseImpact,
  type CourseStatusBody,
  type CreateCourseBody,
  type UpdateCourseBody,
} from '@lunara/shared/content-studio';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { courseModules, courses, lessons } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { badRequest, notFound, versionConflict } from '../../errors.ts';
import { auditContent, bumpCourse, type CourseRow, lockCourse } from './course-locks.ts';
import { namesEachOnce, placeAfterLast } from './list-order.ts';
import { assertReadyUpload } from './ready-upload.ts';

/** The title a new course's first module gets: a course always has one to put lessons in. */
export const FIRST_MODULE_TITLE = 'Module 1';

/** A new draft at the end of the catalog, with one empty module. Returns its id. */
export async function createCourse(db: Db, actorId: string, body: CreateCourseBody): Promise<number> {
  return db.transaction(async (tx) => {
    await assertRoomFor(tx, courses, undefined, COURSE_CATALOG_MAX, CONTENT_MESSAGES.tooManyCourses);
    const [created] = await tx
      .insert(courses)
      .values({
        title: body.title,
        summary: '',
        description: '',
        estimatedHours: null,
        orderIndex: placeAfterLast(courses, courses.orderIndex),
        isPublished: false,
      })
      .returning({ id: courses.id });
    if (!created) throw new Error('The course was not saved');
    await tx.insert(courseModules).values({ courseId: created.id, title: FIRST_MODULE_TITLE, position: 1 });
    await auditContent(tx, actorId, 'course.create', { type: 'course', id: created.id }, { title: body.title });
    return created.id;
  });
}

/**
 * Saves the fields given, from the version the editor loaded. A new or removed cover deletes the covers
 * it replaces (their stored files go through the deletion queue); returns those media ids, so the caller
 * can remove their files at once.
 */
export async function updateCourse(
  db: Db,
  actorId: string,
  courseId: number,
  body: UpdateCourseBody,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId, body.version);
    const changes: Partial<CourseRow> = {};
    if (body.title !== undefined) changes.title = body.title;
    if (body.summary !== undefined) changes.summary = body.summary;
    if (body.description !== undefined) changes.description = body.description;
    if (body.estimatedHours !== undefined) changes.estimatedHours = body.estimatedHours;
    if (body.access !== undefined) changes.access = body.access;
    if (body.sequential !== undefined) changes.sequential = body.sequential;
    const coverChanges = body.coverMediaId !== undefined && body.coverMediaId !== course.coverMediaId;
    if (coverChanges) {
      if (body.coverMediaId) await assertReadyUpload(tx, body.coverMediaId, { kind: 'course_cover', courseId });
      changes.coverMediaId = body.coverMediaId ?? null;
    }
    await bumpCourse(tx, courseId, changes);
    const removed = coverChanges
      ? await tx
          .delete(mediaFiles)
          .where(
            and(
              eq(mediaFiles.courseId, courseId),
              eq(mediaFiles.kind, 'course_cover'),
              eq(mediaFiles.status, 'ready'),
              body.coverMediaId ? ne(mediaFiles.id, body.coverMediaId) : undefined,
            ),
          )
          .returning({ id: mediaFiles.id })
      : [];
    await auditContent(
      tx,
      actorId,
      'course.update',
      { type: 'course', id: courseId },
      { title: changes.title ?? course.title, fields: Object.keys(changes) },
    );
    return removed.map((row) => row.id);
  });
}

const STATUS_COLUMNS = {
  draft: { isPublished: false, archivedAt: null },
  published: { isPublished: true, archivedAt: null },
  archived: { isPublished: false },
} as const;

/** Publish (needs a lesson), back to draft, or archive (out of the catalog, progress kept). */
export async function setCourseStatus(
  db: Db,
  actorId: string,
  courseId: number,
  body: CourseStatusBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId, body.version);
    if (body.status === 'published') {
      const [lesson] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId)).limit(1);
      if (!lesson) throw badRequest(CONTENT_MESSAGES.publishEmpty);
    }
    const columns: Partial<CourseRow> =
      body.status === 'archived'
        ? { ...STATUS_COLUMNS.archived, archivedAt: course.archivedAt ?? new Date() }
        : STATUS_COLUMNS[body.status];
    await bumpCourse(tx, courseId, columns);
    await auditContent(
      tx,
      actorId,
      'course.status',
      { type: 'course', id: courseId },
      { title: course.title, status: body.status },
    );
  });
}

/** What deleting the course loses, for the confirmation. */
export async function courseImpact(db: Db, courseId: number): Promise<CourseImpact> {
  const lessonCount = sql<number>`(select count(*) from lessons l where l.course_id = courses.id)::int`;
  const [row] = await db
    .select({
      lessonCount,
      membersWithProgress: sql<number>`(select count(distinct p.user_id) from user_progress p where p.course_id = courses.id)::int`,
      // A certificate is earned by completing every lesson of the course.
      certificatesEarned: sql<number>`(select count(*) from (
        select p.user_id from user_progress p where p.course_id = courses.id and p.completed
        group by p.user_id having count(*) = ${lessonCount}
      ) finished)::int`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!row) throw notFound(CONTENT_MESSAGES.courseNotFound);
  const lessonsNow = Number(row.lessonCount);
  return {
    lessonCount: lessonsNow,
    membersWithProgress: Number(row.membersWithProgress),
    certificatesEarned: lessonsNow === 0 ? 0 : Number(row.certificatesEarned),
  };
}

/**
 * Deletes the course with its modules, lessons and members' progress (foreign keys cascade); its media
 * rows cascade too, which queues their stored files for deletion. Returns those media ids.
 */
export async function deleteCourse(db: Db, actorId: string, courseId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const course = await lockCourse(tx, courseId);
    const media = await tx
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(
        or(
          eq(mediaFiles.courseId, courseId),
          inArray(
            mediaFiles.lessonId,
            tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId)),
          ),
        ),
      );
    await tx.delete(courses).where(eq(courses.id, courseId));
    await auditContent(tx, actorId, 'course.delete', { type: 'course', id: courseId }, { title: course.title });
    return media.map((row) => row.id);
  });
}

/** The catalog's new order: every course exactly once, else someone added or deleted one meanwhile. */
export async function reorderCourses(db: Db, actorId: string, courseIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: courses.id }).from(courses).for('update');
    if (
      !namesEachOnce(
        courseIds,
        rows.map((row) => row.id),
      )
    ) {
      throw versionConflict(CONTENT_MESSAGES.orderMismatch);
    }
    const places = courseIds.map((id, index) => sql`(${id}::int, ${index + 1}::int)`);
    await tx.execute(sql`
      update courses c set order_index = v.order_index
      from (values ${sql.join(places, sql`, `)}) as v(id, order_index)
      where c.id = v.id`);
    await auditContent(tx, actorId, 'course.reorder', { type: 'course', id: 'catalog' }, { courseIds });
  });
}
