import type { AssessmentDefinition, PathwayItem } from '@lunara/shared/assessment';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ASSESSMENT_KEY } from '../../modules/assessment/definition-service.ts';
import type { Db } from '../client.ts';
import { assessments } from '../schema/assessment.ts';
import { circles } from '../schema/circles.ts';
import { courses, lessons } from '../schema/courses.ts';
import { appSettings } from '../schema/operations.ts';
import { rituals } from '../schema/rituals.ts';
import { ASSESSMENT_ITEMS, ASSESSMENT_QUESTIONS } from './assessment-catalog.ts';
import { stableId } from './stable-id.ts';

const ASSESSMENT_SEEDED = 'assessment_seeded';

/**
 * The starting assessment, once per install (like the catalog: the owner's edits are never undone). Its
 * items point at whatever of the seeded catalog exists now; an item whose course, lesson, circle or ritual
 * is gone is left out, with its weights.
 */
export async function seedAssessment(tx: Db): Promise<void> {
  const claimed = await tx
    .insert(appSettings)
    .values({ key: ASSESSMENT_SEEDED, value: 'true' })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  if (claimed.length === 0) return;

  const circleIdOf = (key: string) => stableId(`circle:${key}`);
  const [courseRows, lessonRows, circleRows, ritualRows] = await Promise.all([
    tx.select({ id: courses.id }).from(courses),
    tx
      .select({ id: lessons.id, courseId: lessons.courseId })
      .from(lessons)
      .where(
        inArray(
          lessons.id,
          ASSESSMENT_ITEMS.flatMap((item) => (item.kind === 'lesson' ? [item.lessonId] : [])),
        ),
      ),
    tx.select({ id: circles.id }).from(circles),
    tx
      .select({ id: rituals.id, slug: rituals.slug })
      .from(rituals)
      .where(and(eq(rituals.isTemplate, true), isNull(rituals.archivedAt))),
  ]);
  const courseIds = new Set(courseRows.map((row) => row.id));
  const lessonCourse = new Map(lessonRows.map((row) => [row.id, row.courseId]));
  const circleIds = new Set(circleRows.map((row) => row.id));
  const ritualBySlug = new Map(ritualRows.map((row) => [row.slug, row.id]));

  const items: PathwayItem[] = [];
  const itemIdByKey = new Map<string, string>();
  for (const seed of ASSESSMENT_ITEMS) {
    const id = stableId(`assessment:item:${seed.key}`);
    let item: PathwayItem | null = null;
    if (seed.kind === 'course' && courseIds.has(seed.courseId)) item = { ...seed, id };
    if (seed.kind === 'lesson' && lessonCourse.get(seed.lessonId) === seed.courseId) item = { ...seed, id };
    if (seed.kind === 'circle' && circleIds.has(circleIdOf(seed.circleKey))) {
      item = { id, kind: 'circle', circleId: circleIdOf(seed.circleKey), reason: seed.reason };
    }
    const ritualId = seed.kind === 'ritual' ? ritualBySlug.get(seed.ritualSlug) : undefined;
    if (seed.kind === 'ritual' && ritualId) item = { id, kind: 'ritual', ritualId, reason: seed.reason };
    if (!item) continue;
    const { key: _key, ...stored } = item as PathwayItem & { key?: string };
    items.push(stored as PathwayItem);
    itemIdByKey.set(seed.key, id);
  }
  if (items.length === 0) return;

  const definition: AssessmentDefinition = {
    items,
    questions: ASSESSMENT_QUESTIONS.map((question) => ({
      id: stableId(`assessment:question:${question.key}`),
      prompt: question.prompt,
      multiple: question.multiple,
      options: question.options.map((option, index) => ({
        id: stableId(`assessment:option:${question.key}:${index}`),
        label: option.label,
        weights: Object.entries(option.weights).flatMap(([key, weight]) => {
          const itemId = itemIdByKey.get(key);
          return itemId ? [{ itemId, weight }] : [];
        }),
      })),
    })),
  };
  await tx.insert(assessments).values({ key: ASSESSMENT_KEY, definition }).onConflictDoNothing();
}
