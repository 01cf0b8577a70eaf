import { type CourseViewer, LESSON_MESSAGES, lessonOpensMessage } from '@lunara/shared/courses';
import { isValidTimeZone } from '@lunara/shared/time-zones';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { courses, lessons, userProgress } from '../../db/schema/courses.ts';
import { profiles } from '../../db/schema/members.ts';
import { forbidden, notFound, unauthorized } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hasActiveMembership } from '../../plugins/membership-guards.ts';
import { type LessonAccess, lessonAccessOf } from './lesson-state.ts';

export const COURSE_NOT_FOUND = 'Course not found';

type CourseRow = typeof courses.$inferSelect;

/** Members see a course only while it is published and not archived. */
export const publishedCourse: SQL = and(eq(courses.isPublished, true), isNull(courses.archivedAt)) as SQL;
export const isPublishedCourse = (course: Pick<CourseRow, 'isPublished' | 'archivedAt'>) =>
  course.isPublished && course.archivedAt === null;

export const courseStatusOf = (course: Pick<CourseRow, 'isPublished' | 'archivedAt'>) =>
  course.archivedAt ? 'archived' : course.isPublished ? 'published' : 'draft';

/**
 * Who is looking at `course`: an admin asking for a preview sees everything (drafts too); anyone else
 * gets 404 for a course that is not published, then is a member (access to it), an account or a visitor.
 * `preview` from anyone but an admin is ignored.
 */
export async function viewerOf(
  db: Db,
  member: SessionUser | null,
  course: Pick<CourseRow, 'isPublished' | 'archivedAt' | 'access'>,
  preview: boolean,
): Promise<CourseViewer> {
  if (preview && member?.role === 'admin') return 'preview';
  if (!isPublishedCourse(course)) throw notFound(COURSE_NOT_FOUND);
  if (!member) return 'visitor';
  if (course.access === 'free') return 'member';
  return (await hasActiveMembership(db, member)) ? 'member' : 'account';
}

/** The course row, or 404 (the viewer decides whether a draft counts). */
export async function findCourse(db: Db, courseId: number): Promise<CourseRow> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

/**
 * Her profile's time zone (dates she is told are hers): UTC when unknown, or when this runtime does not
 * know the zone (formatting a date in it would fail).
 */
async function timeZoneOf(db: Db, userId: string): Promise<string> {
  const [profile] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId));
  return profile?.timeZone && isValidTimeZone(profile.timeZone) ? profile.timeZone : 'UTC';
}

/**
 * Throws the refusal for a lesson the viewer cannot open: 401 for a visitor who should sign in, 403
 * for an account without access, a lesson not open yet (with its date in her time zone), or one whose
 * previous lesson is not complete.
 */
export async function assertLessonOpen(db: Db, member: SessionUser | null, access: LessonAccess): Promise<void> {
  switch (access.state) {
    case 'available':
    case 'complete':
      return;
    case 'members_only':
      throw member ? forbidden(LESSON_MESSAGES.membersOnly) : unauthorized(LESSON_MESSAGES.signInFirst);
    case 'scheduled':
      // opensAt is always set for a scheduled lesson; the fallback keeps the message truthful regardless.
      throw forbidden(
        lessonOpensMessage(access.opensAt ?? new Date(), member ? await timeZoneOf(db, member.id) : 'UTC'),
      );
    case 'locked':
      throw forbidden(LESSON_MESSAGES.previousFirst);
  }
}

/** One lesson as the viewer may use it, with what is stored of her progress in it. */
export interface LessonAccessResult {
  course: CourseRow;
  lesson: { id: string };
  viewer: CourseViewer;
  access: LessonAccess;
  completed: boolean;
  previousCompleted: boolean;
}

const previousLesson = alias(lessons, 'previous_lesson');
const ownProgress = alias(userProgress, 'own_progress');
const previousProgress = alias(userProgress, 'previous_progress');

/**
 * A single lesson's access in one statement (the lesson, its course, her progress in it and in the
 * lesson before, when she joined): for the routes called often (position saves, media reads) that do
 * not need the whole outline. 404 for a lesson not in `courseId` (when given) or a hidden course.
 */
export async function loadLessonAccess(
  db: Db,
  member: SessionUser | null,
  target: { lessonId: string; courseId?: number; preview?: boolean },
): Promise<LessonAccessResult> {
  const userId = member?.id ?? '';
  const [row] = await db
    .select({
      // Only what decides access: the body (up to megabytes) stays in the table on these hot paths.
      lesson: { id: lessons.id, isFreePreview: lessons.isFreePreview, dripDays: lessons.dripDays },
      course: courses,
      completed: ownProgress.completed,
      previousId: previousLesson.id,
      previousCompleted: previousProgress.completed,
      joinedAt: user.createdAt,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(ownProgress, and(eq(ownProgress.lessonId, lessons.id), eq(ownProgress.userId, userId)))
    .leftJoin(
      previousLesson,
      and(eq(previousLesson.courseId, lessons.courseId), eq(previousLesson.position, sql`${lessons.position} - 1`)),
    )
    .leftJoin(
      previousProgress,
      and(eq(previousProgress.lessonId, previousLesson.id), eq(previousProgress.userId, userId)),
    )
    .leftJoin(user, eq(user.id, userId))
    .where(eq(lessons.id, target.lessonId));

  if (!row || (target.courseId !== undefined && row.course.id !== target.courseId)) {
    // The course's own 404 comes first: a lesson of a hidden course says nothing about the lesson.
    if (target.courseId !== undefined) {
      await viewerOf(db, member, await findCourse(db, target.courseId), target.preview ?? false);
    }
    throw notFound(LESSON_MESSAGES.notFound);
  }
  const viewer = await viewerOf(db, member, row.course, target.preview ?? false);
  const completed = viewer === 'member' && Boolean(row.completed);
  const previousCompleted = row.previousId === null || Boolean(row.previousCompleted);
  const access = lessonAccessOf(
    viewer,
    row.course.sequential,
    { isFreePreview: row.lesson.isFreePreview, dripDays: row.lesson.dripDays, completed, previousCompleted },
    row.joinedAt,
    new Date(),
  );
  return { course: row.course, lesson: { id: row.lesson.id }, viewer, access, completed, previousCompleted };
}
