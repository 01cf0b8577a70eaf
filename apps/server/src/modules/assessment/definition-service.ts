import {
  type AdminAssessment,
  ASSESSMENT_MESSAGES,
  type AssessmentDefinition,
  type PublicAssessment,
  type SaveAssessmentBody,
} from '@lunara/shared/assessment';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessment.ts';
import { circles } from '../../db/schema/circles.ts';
import { courses, lessons } from '../../db/schema/courses.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { rituals } from '../../db/schema/rituals.ts';
import { badRequest, notFound, versionConflict } from '../../errors.ts';

/** The one assessment of an install (seeded; decision 023). */
export const ASSESSMENT_KEY = 'main';
const NOT_SET_UP = 'The assessment is not set up yet';

export async function readAssessment(db: Db): Promise<AdminAssessment> {
  const [row] = await db
    .select({ version: assessments.version, definition: assessments.definition })
    .from(assessments)
    .where(eq(assessments.key, ASSESSMENT_KEY));
  if (!row) throw notFound(NOT_SET_UP);
  return row;
}

/** The questions as a visitor sees them: no weights, no items. */
export async function readPublicAssessment(db: Db): Promise<PublicAssessment> {
  const { version, definition } = await readAssessment(db);
  return {
    version,
    questions: definition.questions.map(({ id, prompt, multiple, options }) => ({
      id,
      prompt,
      multiple,
      options: options.map((option) => ({ id: option.id, label: option.label })),
    })),
  };
}

/**
 * Every item must point at something that exists: a course (not deleted), a lesson of that course, a
 * circle, a ritual template still on offer. Drafts are allowed (a pathway shows only what members can open).
 */
async function assertTargetsExist(db: Db, definition: AssessmentDefinition): Promise<void> {
  const courseIds = new Set<number>();
  const lessonIds = new Set<string>();
  const circleIds = new Set<string>();
  const ritualIds = new Set<string>();
  for (const item of definition.items) {
    if (item.kind === 'course') courseIds.add(item.courseId);
    if (item.kind === 'lesson') lessonIds.add(item.lessonId);
    if (item.kind === 'circle') circleIds.add(item.circleId);
    if (item.kind === 'ritual') ritualIds.add(item.ritualId);
  }
  const [foundCourses, foundLessons, foundCircles, foundRituals] = await Promise.all([
    courseIds.size
      ? db
          .select({ id: courses.id })
          .from(courses)
          .where(inArray(courses.id, [...courseIds]))
      : [],
    lessonIds.size
      ? db
          .select({ id: lessons.id, courseId: lessons.courseId })
          .from(lessons)
          .where(inArray(lessons.id, [...lessonIds]))
      : [],
    circleIds.size
      ? db
          .select({ id: circles.id })
          .from(circles)
          .where(inArray(circles.id, [...circleIds]))
      : [],
    ritualIds.size
      ? db
          .select({ id: rituals.id })
          .from(rituals)
          .where(and(inArray(rituals.id, [...ritualIds]), eq(rituals.isTemplate, true), isNull(rituals.archivedAt)))
      : [],
  ]);
  const lessonCourse = new Map(foundLessons.map((lesson) => [lesson.id, lesson.courseId]));
  const exists = {
    course: new Set(foundCourses.map((row) => row.id)),
    circle: new Set(foundCircles.map((row) => row.id)),
    ritual: new Set(foundRituals.map((row) => row.id)),
  };
  const missing = definition.items.some((item) => {
    if (item.kind === 'course') return !exists.course.has(item.courseId);
    if (item.kind === 'lesson') return lessonCourse.get(item.lessonId) !== item.courseId;
    if (item.kind === 'circle') return !exists.circle.has(item.circleId);
    return !exists.ritual.has(item.ritualId);
  });
  if (missing) throw badRequest(ASSESSMENT_MESSAGES.itemTargetMissing);
}

/**
 * Saves the whole assessment made from `version`: one statement that only matches that version, so of two
 * admins saving at once the second is told (409) instead of overwriting the first. Audited in the same
 * transaction. Results already given keep their own copy of their items.
 */
export async function saveAssessment(db: Db, actorId: string, body: SaveAssessmentBody): Promise<AdminAssessment> {
  await assertTargetsExist(db, body.definition);
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(assessments)
      .set({
        definition: body.definition,
        version: sql`${assessments.version} + 1`,
        updatedBy: actorId,
        updatedAt: new Date(),
      })
      .where(and(eq(assessments.key, ASSESSMENT_KEY), eq(assessments.version, body.version)))
      .returning({ version: assessments.version, definition: assessments.definition });
    if (!saved) {
      await readAssessment(tx);
      throw versionConflict(ASSESSMENT_MESSAGES.versionConflict);
    }
    await tx.insert(auditLog).values({
      actorId,
      action: 'assessment.update',
      targetType: 'assessment',
      targetId: ASSESSMENT_KEY,
      details: { questions: body.definition.questions.length, items: body.definition.items.length },
    });
    return saved;
  });
}
