import { LESSON_POSITION_MAX_SECONDS, type LessonPositionBody } from '@lunara/shared/courses';
import { lessonApiPath } from './get-lesson.ts';

/**
 * PUT the video position. Plain fetch rather than apiFetch: `keepalive` lets the last save outlive the
 * page (pagehide, a closed tab), and a failed save is dropped on purpose: the next one, five seconds
 * later, carries a newer position anyway, and a lost position is not worth an error in her face.
 */
export async function saveLessonPosition(
  courseId: string,
  lessonId: string,
  seconds: number,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<void> {
  const body: LessonPositionBody = { seconds: Math.min(LESSON_POSITION_MAX_SECONDS, Math.max(0, Math.floor(seconds))) };
  try {
    await fetch(`${lessonApiPath(courseId, lessonId)}/position`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive,
    });
  } catch {
    // Offline or the page is going away: see above.
  }
}
