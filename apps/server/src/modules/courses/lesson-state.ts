import type { CourseViewer, LessonState } from '@lunara/shared/courses';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What decides a lesson's state for one viewer (her progress included). */
export interface LessonFacts {
  isFreePreview: boolean;
  dripDays: number | null;
  completed: boolean;
  /** The lesson at position - 1 is complete (true for the first lesson). */
  previousCompleted: boolean;
}

export interface LessonAccess {
  state: LessonState;
  /** A dripped lesson's opening for this member; null otherwise. */
  opensAt: Date | null;
}

/** When a dripped lesson opens for a member who joined at `joinedAt`. */
export const opensAtOf = (joinedAt: Date, dripDays: number) => new Date(joinedAt.getTime() + dripDays * DAY_MS);

/**
 * The one rule for what a viewer can do with a lesson (the outline, the lesson page, its media and
 * completion all ask it). A free preview is open to everyone and never dripped or locked; a member's
 * other lessons wait for their drip day, then for the lesson before when the course is taken in order.
 */
export function lessonAccessOf(
  viewer: CourseViewer,
  sequential: boolean,
  lesson: LessonFacts,
  joinedAt: Date | null,
  now: Date,
): LessonAccess {
  if (viewer === 'preview') return { state: 'available', opensAt: null };
  if (viewer !== 'member') return { state: lesson.isFreePreview ? 'available' : 'members_only', opensAt: null };
  const opensAt =
    !lesson.isFreePreview && lesson.dripDays !== null && joinedAt ? opensAtOf(joinedAt, lesson.dripDays) : null;
  if (lesson.completed) return { state: 'complete', opensAt };
  if (opensAt && now < opensAt) return { state: 'scheduled', opensAt };
  if (!lesson.isFreePreview && sequential && !lesson.previousCompleted) return { state: 'locked', opensAt };
  return { state: 'available', opensAt };
}

/** The lesson can be opened (its page, video and files). */
export const isOpen = (state: LessonState) => state === 'available' || state === 'complete';
