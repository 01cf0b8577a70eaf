import { LESSON_MESSAGES, type LessonContent, type LessonFile, type LessonVideo } from '@lunara/shared/courses';
import { mediaUrl } from '@lunara/shared/media';
import { parseVideoLink } from '@lunara/shared/video-links';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessons, userProgress } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { notFound, unauthorized } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { loadCourseOutline, type OutlineLessonRow } from './course-outline.ts';
import { lessonOf } from './course-service.ts';
import { assertLessonOpen, loadLessonAccess } from './lesson-access.ts';

interface LessonTarget {
  courseId: number;
  lessonId: string;
  preview: boolean;
}

/** The uploaded video when it is ready, else the YouTube/Vimeo embed, else none. */
async function videoOf(db: Db, lesson: OutlineLessonRow): Promise<LessonVideo | null> {
  if (lesson.videoMediaId) {
    const [media] = await db
      .select({ id: mediaFiles.id, contentType: mediaFiles.contentType })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.id, lesson.videoMediaId), eq(mediaFiles.status, 'ready')));
    if (media) return { provider: 'upload', url: mediaUrl(media.id), contentType: media.contentType };
  }
  const embed = lesson.videoUrl ? parseVideoLink(lesson.videoUrl) : null;
  return embed ? { provider: embed.provider, embedUrl: embed.embedUrl } : null;
}

/** The lesson's downloads, oldest first. */
async function filesOf(db: Db, lessonId: string): Promise<LessonFile[]> {
  const rows = await db
    .select({
      id: mediaFiles.id,
      fileName: mediaFiles.fileName,
      contentType: mediaFiles.contentType,
      byteSize: mediaFiles.byteSize,
    })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.lessonId, lessonId), eq(mediaFiles.kind, 'lesson_file'), eq(mediaFiles.status, 'ready')))
    .orderBy(asc(mediaFiles.createdAt), asc(mediaFiles.id));
  return rows.map((row) => ({ ...row, url: mediaUrl(row.id) }));
}

/** She opened the lesson (for "Continue where you left off"); completion is never touched here. */
const recordView = (db: Db, userId: string, courseId: number, lessonId: string, positionSeconds?: number) =>
  db
    .insert(userProgress)
    .values({ userId, courseId, lessonId, lastViewedAt: sql`now()`, positionSeconds })
    .onConflictDoUpdate({
      target: [userProgress.userId, userProgress.lessonId],
      set: positionSeconds === undefined ? { lastViewedAt: sql`now()` } : { lastViewedAt: sql`now()`, positionSeconds },
    });

/**
 * The lesson page: refused as lesson-access.ts says (401, 403 with the reason, 404); for a member
 * the visit is recorded. A preview records nothing and cannot complete.
 */
export async function getLessonContent(
  db: Db,
  member: SessionUser | null,
  target: LessonTarget,
): Promise<LessonContent> {
  const outline = await loadCourseOutline(db, member, target.courseId, target.preview);
  const index = outline.lessons.findIndex((lesson) => lesson.row.id === target.lessonId);
  const current = outline.lessons[index];
  if (!current) throw notFound(LESSON_MESSAGES.notFound);
  await assertLessonOpen(db, member, current.access);

  const isMember = outline.viewer === 'member' && member !== null;
  // A free preview opens out of order, but completing it still follows the course's order.
  const previous = outline.lessons[index - 1];
  const mustWaitForPrevious =
    outline.course.sequential && previous !== undefined && previous.access.state !== 'complete';
  const [video, body, files] = await Promise.all([
    videoOf(db, current.row),
    db.select({ body: lessons.bodyMarkdown }).from(lessons).where(eq(lessons.id, current.row.id)),
    filesOf(db, current.row.id),
    isMember ? recordView(db, member.id, target.courseId, current.row.id) : null,
  ]);
  return {
    courseId: outline.course.id,
    lesson: lessonOf(current, index + 1),
    bodyMarkdown: body[0]?.body ?? '',
    video,
    files,
    previousLessonId: outline.lessons[index - 1]?.row.id ?? null,
    nextLessonId: outline.lessons[index + 1]?.row.id ?? null,
    positionSeconds: isMember && video?.provider === 'upload' ? current.positionSeconds : 0,
    canComplete: isMember && (current.access.state === 'complete' || !mustWaitForPrevious),
  };
}

/**
 * Saves where she is in the lesson's video (every few seconds while it plays): one upsert, completion
 * untouched. Same refusals as opening the lesson; a preview or an account watching a free preview has
 * nothing to keep, and is answered as saved.
 */
export async function saveLessonPosition(
  db: Db,
  member: SessionUser | null,
  target: LessonTarget & { seconds: number },
): Promise<void> {
  if (!member) throw unauthorized(LESSON_MESSAGES.signInFirst);
  const { viewer, access, course, lesson } = await loadLessonAccess(db, member, target);
  await assertLessonOpen(db, member, access);
  if (viewer !== 'member') return;
  await recordView(db, member.id, course.id, lesson.id, target.seconds);
}
