import { randomUUID } from 'node:crypto';
import { COURSE_TITLE_MAX } from '@lunara/shared/content-studio';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { courseModules, courses, lessons } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { busy } from '../../errors.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { auditContent, lockCourse } from './course-locks.ts';
import { placeAfterLast } from './list-order.ts';

export const COPY_FAILED = 'The course could not be copied: its files could not be stored. Please try again.';

type MediaRow = typeof mediaFiles.$inferSelect;

interface MediaCopy {
  source: MediaRow;
  id: string;
}

/** Original id to copy id, pairing rows of one course with their copies by their (unique) position. */
function pairByPosition(
  originals: ReadonlyArray<{ id: string; position: number }>,
  copies: ReadonlyArray<{ id: string; position: number }>,
): Map<string, string> {
  const copyAt = new Map(copies.map((copy) => [copy.position, copy.id]));
  return new Map(originals.map((original) => [original.id, copyAt.get(original.position) as string]));
}

/** "Title (copy)", shortened so it still fits the title's limit. */
export function copyTitleOf(title: string): string {
  const suffix = ' (copy)';
  return `${title.slice(0, COURSE_TITLE_MAX - suffix.length).trimEnd()}${suffix}`;
}

interface DuplicateDeps {
  db: Db;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}

/**
 * Copies a course as a new draft at the end of the catalog: modules, lessons (new ids), texts, links,
 * preview and drip settings, access, and its uploads (cover, lesson videos, files and pictures) as new files.
 * The rows come first, in one transaction, with the copied uploads as `uploading` rows (a crash leaves
 * rows the housekeeping job removes); the objects are copied outside it (a video can take minutes); a
 * second transaction marks them ready and puts them in place. If a copy fails the new course is deleted.
 */
export async function duplicateCourse(deps: DuplicateDeps, actorId: string, courseId: number): Promise<number> {
  const { newCourseId, copies, lessonIds } = await deps.db.transaction(async (tx) => {
    const source = await lockCourse(tx, courseId);
    const [created] = await tx
      .insert(courses)
      .values({
        title: copyTitleOf(source.title),
        summary: source.summary,
        description: source.description,
        estimatedHours: source.estimatedHours,
        access: source.access,
        sequential: source.sequential,
        orderIndex: placeAfterLast(courses, courses.orderIndex),
        isPublished: false,
      })
      .returning({ id: courses.id });
    if (!created) throw new Error('The copy was not saved');
    // One insert for the modules and one for the lessons: positions are unique within a course, so each
    // copy is paired with its original by position.
    const modules = await tx.select().from(courseModules).where(eq(courseModules.courseId, courseId));
    const moduleCopies =
      modules.length === 0
        ? []
        : await tx
            .insert(courseModules)
            .values(modules.map((module) => ({ courseId: created.id, title: module.title, position: module.position })))
            .returning({ id: courseModules.id, position: courseModules.position });
    const moduleIds = pairByPosition(modules, moduleCopies);
    const sourceLessons = await tx.select().from(lessons).where(eq(lessons.courseId, courseId));
    const lessonCopies =
      sourceLessons.length === 0
        ? []
        : await tx
            .insert(lessons)
            .values(
              sourceLessons.map((lesson) => ({
                id: sql`${String(created.id)} || '-' || nextval('lesson_number_seq')`,
                courseId: created.id,
                moduleId: moduleIds.get(lesson.moduleId) as string,
                position: lesson.position,
                title: lesson.title,
                description: lesson.description,
                durationMinutes: lesson.durationMinutes,
                bodyMarkdown: lesson.bodyMarkdown,
                videoUrl: lesson.videoUrl,
                isFreePreview: lesson.isFreePreview,
                dripDays: lesson.dripDays,
              })),
            )
            .returning({ id: lessons.id, position: lessons.position });
    const lessonIds = pairByPosition(sourceLessons, lessonCopies);
    const copies = await reserveMediaCopies(tx, actorId, source, sourceLessons, created.id, lessonIds);
    await auditContent(
      tx,
      actorId,
      'course.duplicate',
      { type: 'course', id: created.id },
      { title: copyTitleOf(source.title), sourceId: courseId, sourceTitle: source.title },
    );
    return { newCourseId: created.id, copies, lessonIds };
  });
  if (copies.length === 0) return newCourseId;
  try {
    for (const copy of copies) await copyObjects(deps.storage, copy);
    await placeCopies(deps.db, newCourseId, copies, lessonIds);
  } catch (error) {
    deps.log.error({ err: error, courseId, newCourseId }, 'course copy failed; the copy is deleted');
    // Its media rows cascade, which queues whatever was stored for deletion.
    await deps.db.delete(courses).where(eq(courses.id, newCourseId));
    throw busy(COPY_FAILED);
  }
  return newCourseId;
}

/** The uploads the copy takes (the cover, each lesson's video, files and pictures), as new `uploading` rows. */
async function reserveMediaCopies(
  tx: Db,
  actorId: string,
  source: typeof courses.$inferSelect,
  sourceLessons: Array<typeof lessons.$inferSelect>,
  newCourseId: number,
  lessonIds: Map<string, string>,
): Promise<MediaCopy[]> {
  const videoIds = sourceLessons.flatMap((lesson) => (lesson.videoMediaId ? [lesson.videoMediaId] : []));
  const wanted = [...(source.coverMediaId ? [source.coverMediaId] : []), ...videoIds];
  const rows = [
    ...(wanted.length > 0
      ? await tx
          .select()
          .from(mediaFiles)
          .where(and(inArray(mediaFiles.id, wanted), eq(mediaFiles.status, 'ready')))
      : []),
    ...(sourceLessons.length > 0
      ? await tx
          .select()
          .from(mediaFiles)
          .where(
            and(
              inArray(
                mediaFiles.lessonId,
                sourceLessons.map((lesson) => lesson.id),
              ),
              inArray(mediaFiles.kind, ['lesson_file', 'lesson_image']),
              eq(mediaFiles.status, 'ready'),
            ),
          )
          .orderBy(asc(mediaFiles.createdAt), asc(mediaFiles.id))
      : []),
  ];
  // The ids are made here, so one insert reserves them all and each copy knows its original.
  const copies = rows.map((source): MediaCopy => ({ source, id: randomUUID() }));
  if (copies.length > 0) {
    await tx.insert(mediaFiles).values(
      copies.map(({ source, id }) => ({
        id,
        ownerId: actorId,
        kind: source.kind,
        fileName: source.fileName,
        courseId: newCourseId,
        lessonId: source.lessonId ? (lessonIds.get(source.lessonId) ?? null) : null,
      })),
    );
  }
  return copies;
}

/** Each stored object of the original (every size and format of an image) under the copy's id. */
async function copyObjects(storage: MediaStorage, copy: MediaCopy): Promise<void> {
  for (const variant of copy.source.variants) {
    const body = await storage.get(`${copy.source.id}/${variant.name}`);
    await storage.put(`${copy.id}/${variant.name}`, body, variant.contentType);
  }
}

/** Marks the copies ready and makes them the copy's cover and lesson videos, as on the original. */
async function placeCopies(db: Db, newCourseId: number, copies: MediaCopy[], lessonIds: Map<string, string>) {
  await db.transaction(async (tx) => {
    await lockCourse(tx, newCourseId);
    for (const copy of copies) {
      const { contentType, byteSize, width, height, variants } = copy.source;
      const [ready] = await tx
        .update(mediaFiles)
        .set({ status: 'ready', contentType, byteSize, width, height, variants })
        .where(and(eq(mediaFiles.id, copy.id), eq(mediaFiles.status, 'uploading')))
        .returning({ id: mediaFiles.id });
      if (!ready) throw new Error(`copied media ${copy.id} is gone`);
      if (copy.source.kind === 'course_cover') {
        await tx.update(courses).set({ coverMediaId: copy.id }).where(eq(courses.id, newCourseId));
      }
      if (copy.source.kind === 'lesson_video' && copy.source.lessonId) {
        const lessonId = lessonIds.get(copy.source.lessonId);
        if (lessonId) await tx.update(lessons).set({ videoMediaId: copy.id }).where(eq(lessons.id, lessonId));
      }
      if (copy.source.kind === 'lesson_image' && copy.source.lessonId) {
        // The copied text shows the copied picture (ids are UUIDs: no other text can match).
        const lessonId = lessonIds.get(copy.source.lessonId);
        if (lessonId) {
          await tx
            .update(lessons)
            .set({
              bodyMarkdown: sql`replace(${lessons.bodyMarkdown}, ${`/media/${copy.source.id}`}, ${`/media/${copy.id}`})`,
            })
            .where(eq(lessons.id, lessonId));
        }
      }
    }
  });
}
