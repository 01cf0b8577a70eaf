import type { AdminCourse, AdminLesson, AdminModule } from '@lunara/shared/content-studio';

/** A course's order as PUT .../outline takes it: modules in order, each with its lessons' ids in order. */
export type OutlineOrder = Array<{ id: string; lessonIds: string[] }>;

export const orderOf = (modules: AdminModule[]): OutlineOrder =>
  modules.map((module) => ({ id: module.id, lessonIds: module.lessons.map((lesson) => lesson.id) }));

export const sameOrder = (a: OutlineOrder, b: OutlineOrder) => JSON.stringify(a) === JSON.stringify(b);

const clone = (order: OutlineOrder): OutlineOrder =>
  order.map((module) => ({ ...module, lessonIds: [...module.lessonIds] }));

export function moduleOfLesson(order: OutlineOrder, lessonId: string): number {
  return order.findIndex((module) => module.lessonIds.includes(lessonId));
}

/** The module one place up (-1) or down (+1); unchanged at the ends. */
export function moveModule(order: OutlineOrder, moduleId: string, delta: -1 | 1): OutlineOrder {
  const from = order.findIndex((module) => module.id === moduleId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return order;
  const next = clone(order);
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as OutlineOrder[number]);
  return next;
}

/**
 * The lesson one place up or down the course: inside its module, and past its module's edge into the
 * neighbouring module (its last place going up, its first going down), as reading the course would.
 */
export function moveLesson(order: OutlineOrder, lessonId: string, delta: -1 | 1): OutlineOrder {
  const moduleIndex = moduleOfLesson(order, lessonId);
  if (moduleIndex < 0) return order;
  const next = clone(order);
  const lessons = (next[moduleIndex] as OutlineOrder[number]).lessonIds;
  const from = lessons.indexOf(lessonId);
  const to = from + delta;
  if (to >= 0 && to < lessons.length) {
    lessons.splice(from, 1);
    lessons.splice(to, 0, lessonId);
    return next;
  }
  const neighbour = next[moduleIndex + delta];
  if (!neighbour) return order;
  lessons.splice(from, 1);
  if (delta < 0) neighbour.lessonIds.push(lessonId);
  else neighbour.lessonIds.unshift(lessonId);
  return next;
}

/** The lesson moved to another module, at `index` there (its end by default). */
export function moveLessonToModule(
  order: OutlineOrder,
  lessonId: string,
  moduleId: string,
  index?: number,
): OutlineOrder {
  const fromModule = moduleOfLesson(order, lessonId);
  const toModule = order.findIndex((module) => module.id === moduleId);
  if (fromModule < 0 || toModule < 0) return order;
  const next = clone(order);
  const source = (next[fromModule] as OutlineOrder[number]).lessonIds;
  source.splice(source.indexOf(lessonId), 1);
  const target = (next[toModule] as OutlineOrder[number]).lessonIds;
  target.splice(Math.min(index ?? target.length, target.length), 0, lessonId);
  return next;
}

/** The lesson put where `overLessonId` is (in its module), as a drag over it shows. */
export function moveLessonOnto(order: OutlineOrder, lessonId: string, overLessonId: string): OutlineOrder {
  if (lessonId === overLessonId) return order;
  const toModule = moduleOfLesson(order, overLessonId);
  if (toModule < 0) return order;
  const target = order[toModule] as OutlineOrder[number];
  const overIndex = target.lessonIds.indexOf(overLessonId);
  if (moduleOfLesson(order, lessonId) === toModule) {
    const next = clone(order);
    const lessons = (next[toModule] as OutlineOrder[number]).lessonIds;
    lessons.splice(lessons.indexOf(lessonId), 1);
    lessons.splice(overIndex, 0, lessonId);
    return next;
  }
  return moveLessonToModule(order, lessonId, target.id, overIndex);
}

/** Whether the course's outline row of this lesson reads differently now (or is not there to compare). */
export function changesOutline(course: AdminCourse | undefined, lesson: AdminLesson): boolean {
  const row = course?.modules.flatMap((module) => module.lessons).find((each) => each.id === lesson.id);
  return (
    !row ||
    row.title !== lesson.title ||
    row.durationMinutes !== lesson.durationMinutes ||
    row.isFreePreview !== lesson.isFreePreview ||
    row.dripDays !== lesson.dripDays ||
    row.hasVideo !== (lesson.video !== null || lesson.videoLink !== null)
  );
}
