import type { PathwayItem, PathwayStep } from '@lunara/shared/assessment';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circleMemberships, circles } from '../../db/schema/circles.ts';
import { courses, lessons, userProgress } from '../../db/schema/courses.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { publishedCourse } from '../courses/lesson-access.ts';

const COMMUNITY_CIRCLES_HREF = '/community?tab=circles';
const RITUALS_HREF = '/rituals';
const idsOf = <K extends PathwayItem['kind'], V>(
  items: PathwayItem[],
  kind: K,
  pick: (item: Extract<PathwayItem, { kind: K }>) => V,
) => [...new Set(items.filter((item): item is Extract<PathwayItem, { kind: K }> => item.kind === kind).map(pick))];

/**
 * Her pathway's items as steps she can follow: each with its title and link, and for a member how far she
 * is along it (lessons completed of a course, a lesson completed, a circle joined or asked, a ritual
 * practised at least once). Items whose course is no longer published, whose circle is closed or whose
 * ritual was removed are left out. A handful of reads, each bounded by the pathway's few items.
 */
export async function describeSteps(
  db: Db,
  memberId: string | null,
  items: PathwayItem[],
): Promise<{ steps: PathwayStep[]; percent: number }> {
  const courseIds = [
    ...new Set(items.flatMap((item) => (item.kind === 'course' || item.kind === 'lesson' ? [item.courseId] : []))),
  ];
  const lessonIds = idsOf(items, 'lesson', (item) => item.lessonId);
  const circleIds = idsOf(items, 'circle', (item) => item.circleId);
  const ritualIds = idsOf(items, 'ritual', (item) => item.ritualId);
  const none = Promise.resolve([]);

  const [courseRows, lessonCounts, lessonRows, circleRows, ritualRows] = await Promise.all([
    courseIds.length
      ? db
          .select({ id: courses.id, title: courses.title })
          .from(courses)
          .where(and(inArray(courses.id, courseIds), publishedCourse))
      : none,
    courseIds.length
      ? db
          .select({ courseId: lessons.courseId, total: count() })
          .from(lessons)
          .where(inArray(lessons.courseId, courseIds))
          .groupBy(lessons.courseId)
      : none,
    lessonIds.length
      ? db
          .select({ id: lessons.id, title: lessons.title, courseId: lessons.courseId })
          .from(lessons)
          .where(inArray(lessons.id, lessonIds))
      : none,
    circleIds.length
      ? db
          .select({ id: circles.id, name: circles.name })
          .from(circles)
          .where(and(inArray(circles.id, circleIds), eq(circles.isActive, true)))
      : none,
    ritualIds.length
      ? db
          .select({ id: rituals.id, title: rituals.title })
          .from(rituals)
          .where(and(inArray(rituals.id, ritualIds), eq(rituals.isTemplate, true), isNull(rituals.archivedAt)))
      : none,
  ]);

  const [completed, memberships, practised] = memberId
    ? await Promise.all([
        courseIds.length
          ? db
              .select({ courseId: userProgress.courseId, lessonId: userProgress.lessonId })
              .from(userProgress)
              .where(
                and(
                  eq(userProgress.userId, memberId),
                  inArray(userProgress.courseId, courseIds),
                  eq(userProgress.completed, true),
                ),
              )
          : none,
        circleIds.length
          ? db
              .select({ circleId: circleMemberships.circleId, status: circleMemberships.status })
              .from(circleMemberships)
              .where(and(eq(circleMemberships.userId, memberId), inArray(circleMemberships.circleId, circleIds)))
          : none,
        ritualIds.length
          ? db
              .selectDistinct({ ritualId: dailyRituals.ritualId })
              .from(dailyRituals)
              .where(and(eq(dailyRituals.userId, memberId), inArray(dailyRituals.ritualId, ritualIds)))
          : none,
      ])
    : [[], [], []];

  const courseTitle = new Map(courseRows.map((row) => [row.id, row.title]));
  const lessonTotal = new Map(lessonCounts.map((row) => [row.courseId, Number(row.total)]));
  const lessonById = new Map(lessonRows.map((row) => [row.id, row]));
  const circleName = new Map(circleRows.map((row) => [row.id, row.name]));
  const ritualTitle = new Map(ritualRows.map((row) => [row.id, row.title]));
  const completedLessons = new Set(completed.map((row) => row.lessonId));
  const completedPerCourse = new Map<number, number>();
  for (const row of completed) completedPerCourse.set(row.courseId, (completedPerCourse.get(row.courseId) ?? 0) + 1);
  const circleStatus = new Map(memberships.map((row) => [row.circleId, row.status]));
  const practisedRituals = new Set(practised.map((row) => row.ritualId));

  const steps: PathwayStep[] = [];
  for (const item of items) {
    const base = { itemId: item.id, kind: item.kind, reason: item.reason, courseTitle: null };
    if (item.kind === 'course') {
      const title = courseTitle.get(item.courseId);
      if (title === undefined) continue;
      const total = lessonTotal.get(item.courseId) ?? 0;
      const done = Math.min(completedPerCourse.get(item.courseId) ?? 0, total);
      const percent = total > 0 ? Math.round((done / total) * 100) : 0;
      steps.push({ ...base, title, href: `/course/${item.courseId}`, percent, done: total > 0 && done === total });
    } else if (item.kind === 'lesson') {
      const lesson = lessonById.get(item.lessonId);
      const inCourse = courseTitle.get(item.courseId);
      if (!lesson || lesson.courseId !== item.courseId || inCourse === undefined) continue;
      const done = completedLessons.has(lesson.id);
      steps.push({
        ...base,
        title: lesson.title,
        courseTitle: inCourse,
        href: `/course/${item.courseId}/lesson/${encodeURIComponent(lesson.id)}`,
        percent: done ? 100 : 0,
        done,
      });
    } else if (item.kind === 'circle') {
      const title = circleName.get(item.circleId);
      if (title === undefined) continue;
      const status = circleStatus.get(item.circleId);
      const percent = status === 'approved' ? 100 : status === 'pending' ? 50 : 0;
      steps.push({ ...base, title, href: COMMUNITY_CIRCLES_HREF, percent, done: status === 'approved' });
    } else {
      const title = ritualTitle.get(item.ritualId);
      if (title === undefined) continue;
      const done = practisedRituals.has(item.ritualId);
      steps.push({ ...base, title, href: RITUALS_HREF, percent: done ? 100 : 0, done });
    }
  }
  const doneCount = steps.filter((step) => step.done).length;
  return { steps, percent: steps.length ? Math.round((doneCount / steps.length) * 100) : 0 };
}
