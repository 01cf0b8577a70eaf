import type { PathwayItem, PathwayItemKind } from '@lunara/shared/assessment';
import type { Circle } from '@lunara/shared/circles';
import type { AdminCourse, AdminCourseList, AdminRitualList } from '@lunara/shared/content-studio';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCircles } from '../../circles/api/circles.ts';
import { getAdminCourseQueryOptions, useAdminCourses } from '../../content-studio/api/admin-courses.ts';
import { useRitualTemplates } from '../../content-studio/api/ritual-templates.ts';

export interface TargetOption {
  value: string;
  label: string;
}

// Outside the hook: combine's result is only kept between renders for the same function.
const dataOf = (results: Array<{ data?: AdminCourse }>) => results.map((result) => result.data);

/**
 * What pathway items can point at, for the editor's pickers: the courses, the lessons of each course an
 * item names, the circles and the ritual templates; and each item's name ("Course: Goddess Goals").
 */
export function useItemTargets(items: PathwayItem[]) {
  const courses = useAdminCourses();
  const circles = useCircles();
  const rituals = useRitualTemplates();
  const lessonCourseIds = [...new Set(items.flatMap((item) => (item.kind === 'lesson' ? [item.courseId] : [])))];
  // Combined, the list keeps its identity while no course changes (structural sharing), so the memo holds.
  const lessonCourses = useQueries({
    queries: lessonCourseIds.map((courseId) => getAdminCourseQueryOptions(courseId)),
    combine: dataOf,
  });
  const isLoading = courses.isPending || circles.isPending || rituals.isPending;
  return useMemo(
    () => describeTargets(isLoading, courses.data, circles.data, rituals.data, lessonCourses),
    [isLoading, courses.data, circles.data, rituals.data, lessonCourses],
  );
}

function describeTargets(
  isLoading: boolean,
  courses: AdminCourseList | undefined,
  circles: { circles: Circle[] } | undefined,
  rituals: AdminRitualList | undefined,
  lessonCourses: Array<AdminCourse | undefined>,
) {
  const courseOptions: TargetOption[] = (courses?.courses ?? []).map((course) => ({
    value: String(course.id),
    label: course.status === 'published' ? course.title : `${course.title} (${course.status})`,
  }));
  const lessonOptions = new Map<number, TargetOption[]>();
  for (const course of lessonCourses) {
    if (!course) continue;
    lessonOptions.set(
      course.id,
      course.modules.flatMap((module) => module.lessons.map((lesson) => ({ value: lesson.id, label: lesson.title }))),
    );
  }
  const circleOptions: TargetOption[] = (circles?.circles ?? []).map((circle) => ({
    value: circle.id,
    label: circle.name,
  }));
  const ritualOptions: TargetOption[] = (rituals?.rituals ?? []).map((ritual) => ({
    value: ritual.id,
    label: ritual.title,
  }));

  const find = (options: TargetOption[] | undefined, value: string) =>
    options?.find((option) => option.value === value)?.label;
  const nameOf = (item: PathwayItem): string => {
    if (item.kind === 'course') return `Course: ${find(courseOptions, String(item.courseId)) ?? `#${item.courseId}`}`;
    if (item.kind === 'lesson')
      return `Lesson: ${find(lessonOptions.get(item.courseId), item.lessonId) ?? item.lessonId}`;
    if (item.kind === 'circle') return `Circle: ${find(circleOptions, item.circleId) ?? 'a circle'}`;
    return `Ritual: ${find(ritualOptions, item.ritualId) ?? 'a ritual'}`;
  };

  return {
    isLoading,
    courseOptions,
    lessonOptions,
    circleOptions,
    ritualOptions,
    nameOf,
  };
}
export type ItemTargets = ReturnType<typeof useItemTargets>;

/** A new item of `kind` pointing at the first thing it can, or null when there is nothing of that kind. */
export function newItem(
  kind: PathwayItemKind,
  targets: ItemTargets,
  id: string = crypto.randomUUID(),
): PathwayItem | null {
  const firstCourse = Number(targets.courseOptions[0]?.value ?? Number.NaN);
  if (kind === 'course') return Number.isNaN(firstCourse) ? null : { id, kind, courseId: firstCourse, reason: '' };
  if (kind === 'lesson') {
    // Its lesson is chosen once the course's lessons are loaded (LessonPicker).
    return Number.isNaN(firstCourse) ? null : { id, kind, courseId: firstCourse, lessonId: '', reason: '' };
  }
  if (kind === 'circle') {
    const circleId = targets.circleOptions[0]?.value;
    return circleId ? { id, kind, circleId, reason: '' } : null;
  }
  const ritualId = targets.ritualOptions[0]?.value;
  return ritualId ? { id, kind, ritualId, reason: '' } : null;
}
