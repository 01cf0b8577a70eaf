import { isModeratorRole } from '@lunara/shared/roles';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hasActiveMembership, MEMBERSHIP_REQUIRED_MESSAGE } from '../../plugins/membership-guards.ts';
import { assertLessonOpen, type LessonAccessResult, loadLessonAccess } from '../courses/lesson-access.ts';
import { assertPostVisible } from '../feed/post-visibility.ts';

export const MEDIA_NOT_FOUND = 'That file does not exist';
export const COURSE_MEDIA_FORBIDDEN = 'This is part of a course you do not have access to';

/** What decides who may read a stored file. */
export interface ReadableMedia {
  kind: string;
  ownerId: string;
  postId: string | null;
  /** The lesson a lesson_video or lesson_file belongs to. */
  lessonId: string | null;
}

/**
 * A lesson's video and files are read as the lesson is opened (courses/lesson-access.ts): a free
 * preview's by anyone, the rest by members with access to the course once the lesson is open for
 * them; admins (who make the course) always. A copied link stops working the moment this says no.
 */
async function assertCanReadLessonMedia(db: Db, member: SessionUser | null, lessonId: string | null) {
  if (member?.role === 'admin') return;
  if (lessonId === null) throw forbidden(COURSE_MEDIA_FORBIDDEN);
  let found: LessonAccessResult;
  try {
    found = await loadLessonAccess(db, member, { lessonId });
  } catch (error) {
    // A course members cannot see (a draft, archived): its files are not theirs to read either.
    if (error instanceof AppError && error.statusCode === 404) {
      throw forbidden(COURSE_MEDIA_FORBIDDEN);
    }
    throw error;
  }
  await assertLessonOpen(db, member, found.access);
}

/** A picture of a circle's post is its members' and staff's (issue 34): to anyone else it does not exist. */
async function assertCirclePostImageVisible(db: Db, member: SessionUser, postId: string): Promise<void> {
  const [post] = await queryRows<{ circle_id: string | null }>(
    db,
    sql`select circle_id from posts where id = ${postId}`,
  );
  await assertPostVisible(db, member, post?.circle_id ?? null, MEDIA_NOT_FOUND);
}

/**
 * Throws unless `member` may read the file: course covers are public; avatars need a signed-in
 * account; post images a community member (the owner alone while it is on no post: to anyone else it
 * does not exist; on a circle's post, its members and staff alone); lesson media the lesson's rules. 401 for a visitor where signing in would help.
 */
export async function assertCanReadMedia(db: Db, member: SessionUser | null, media: ReadableMedia): Promise<void> {
  if (media.kind === 'course_cover') return;
  if (media.kind === 'lesson_video' || media.kind === 'lesson_file' || media.kind === 'lesson_image') {
    return assertCanReadLessonMedia(db, member, media.lessonId);
  }
  if (!member) throw unauthorized();
  switch (media.kind) {
    case 'avatar':
      return;
    case 'post_image':
      if (media.postId === null) {
        if (media.ownerId !== member.id) throw notFound(MEDIA_NOT_FOUND);
        return;
      }
      if (!isModeratorRole(member.role) && !(await hasActiveMembership(db, member))) {
        throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
      }
      return assertCirclePostImageVisible(db, member, media.postId);
    default:
      throw notFound(MEDIA_NOT_FOUND);
  }
}
