import { CONTENT_MESSAGES } from '@lunara/shared/content-studio';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { badRequest } from '../../errors.ts';

type UploadFor = { kind: 'course_cover'; courseId: number } | { kind: 'lesson_video'; lessonId: string };

const NOT_UPLOADED = {
  course_cover: CONTENT_MESSAGES.coverNotUploaded,
  lesson_video: CONTENT_MESSAGES.videoNotUploaded,
} as const;

/**
 * An upload an editor points a course or lesson at must be finished and made, as that kind, for that very
 * course or lesson: else one course could show another's file, or a half-done one.
 */
export async function assertReadyUpload(tx: Db, mediaId: string, upload: UploadFor): Promise<void> {
  const owner =
    upload.kind === 'course_cover'
      ? eq(mediaFiles.courseId, upload.courseId)
      : eq(mediaFiles.lessonId, upload.lessonId);
  const [found] = await tx
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, mediaId), eq(mediaFiles.kind, upload.kind), owner, eq(mediaFiles.status, 'ready')));
  if (!found) throw badRequest(NOT_UPLOADED[upload.kind]);
}
