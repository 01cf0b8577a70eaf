import { isModeratorRole } from '@lunara/shared/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import { forbidden, notFound, unauthorized } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../plugins/membership-guards.ts';
import { hasActiveSubscription } from '../billing/subscription-service.ts';

export const MEDIA_NOT_FOUND = 'That file does not exist';
export const COURSE_MEDIA_FORBIDDEN = 'This is part of a course you do not have access to';

/** What decides who may read a stored file. */
export interface ReadableMedia {
  kind: string;
  ownerId: string;
  postId: string | null;
  courseId: number | null;
}

/** Her membership is active: within the period loaded with the session, or else as the database says. */
async function isSubscribed(db: Db, member: SessionUser): Promise<boolean> {
  if (member.subscriptionEndsAt !== null && member.subscriptionEndsAt > Date.now()) return true;
  return hasActiveSubscription(db, member.id);
}

/**
 * Whether she may read a lesson's video or files: admins (who make the course) always; anyone else
 * while her membership is active and the course is published (the course pages' rule). A copied link
 * stops working the moment this says no. The content studio extends this rule when courses get their
 * own access (a course bought alone, a drip schedule).
 */
export async function canReadCourseMedia(db: Db, member: SessionUser, courseId: number): Promise<boolean> {
  if (member.role === 'admin') return true;
  const [course] = await db.select({ isPublished: courses.isPublished }).from(courses).where(eq(courses.id, courseId));
  if (!course?.isPublished) return false;
  return isSubscribed(db, member);
}

/**
 * Throws unless `member` may read the file: course covers are public; avatars need a signed-in
 * account; post images a community member (the owner alone while it is on no post: to anyone else it
 * does not exist); lesson media access to its course. 401 for a visitor where signing in would help.
 */
export async function assertCanReadMedia(db: Db, member: SessionUser | null, media: ReadableMedia): Promise<void> {
  if (media.kind === 'course_cover') return;
  if (!member) throw unauthorized();
  switch (media.kind) {
    case 'avatar':
      return;
    case 'post_image':
      if (media.postId === null) {
        if (media.ownerId !== member.id) throw notFound(MEDIA_NOT_FOUND);
        return;
      }
      if (isModeratorRole(member.role) || (await isSubscribed(db, member))) return;
      throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
    case 'lesson_video':
    case 'lesson_file':
      if (media.courseId !== null && (await canReadCourseMedia(db, member, media.courseId))) return;
      throw forbidden(COURSE_MEDIA_FORBIDDEN);
    default:
      throw notFound(MEDIA_NOT_FOUND);
  }
}
