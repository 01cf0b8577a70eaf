import {
  CONTENT_MESSAGES,
  FORUM_CATEGORIES_MAX,
  LESSON_FILES_MAX,
  LESSONS_PER_MODULE_MAX,
  MODULES_PER_COURSE_MAX,
  RITUAL_TEMPLATES_MAX,
} from '@lunara/shared/content-studio';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCourse } from '../../../test/fixtures/courses.ts';
import { PDF } from '../../../test/fixtures/media-files.ts';
import type { TestApp, TestMember } from '../../../test/test-app.ts';
import { courseModules, lessons } from '../../db/schema/courses.ts';
import { forumCategories } from '../../db/schema/forums.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { rituals } from '../../db/schema/rituals.ts';
import { startStudioApp } from './studio-test-kit.ts';

let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  ({ t, admin } = await startStudioApp());
}, 60_000);
afterAll(() => t.close());

/** Every list the studio and members read back is bounded by what can be created. */
describe('what the studio holds at most', () => {
  it('modules per course and lessons per module', async () => {
    const course = await createTestCourse(t.database.db, { lessons: [{}] });
    await t.database.db.insert(courseModules).values(
      Array.from({ length: MODULES_PER_COURSE_MAX - 1 }, (_, index) => ({
        courseId: course.id,
        title: `Extra ${index}`,
        position: index + 2,
      })),
    );
    const refused = await t.api(admin, 'POST', `/api/admin/courses/${course.id}/modules`, { title: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.tooManyModules);

    const [moduleId] = course.moduleIds as [string];
    await t.database.db.insert(lessons).values(
      Array.from({ length: LESSONS_PER_MODULE_MAX - 1 }, (_, index) => ({
        id: `${course.id}-x${index}`,
        courseId: course.id,
        moduleId,
        position: index + 2,
        title: `Lesson ${index}`,
        description: '',
        durationMinutes: 5,
      })),
    );
    const tooMany = await t.api(admin, 'POST', `/api/admin/modules/${moduleId}/lessons`, { title: 'One too many' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(CONTENT_MESSAGES.tooManyLessons);
    const [{ count } = { count: 0 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(lessons)
      .where(eq(lessons.moduleId, moduleId));
    expect(count).toBe(LESSONS_PER_MODULE_MAX);
  });

  it('files per lesson', async () => {
    const course = await createTestCourse(t.database.db, { lessons: [{}] });
    const [lessonId] = course.lessonIds as [string];
    await t.database.db.insert(mediaFiles).values(
      Array.from({ length: LESSON_FILES_MAX }, () => ({
        ownerId: admin.id,
        kind: 'lesson_file' as const,
        status: 'ready' as const,
        courseId: course.id,
        lessonId,
      })),
    );
    const refused = await t.request({
      method: 'POST',
      url: `/api/media/lesson_file?lessonId=${lessonId}`,
      cookie: admin.cookie,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'one-more.pdf' },
      payload: PDF,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.tooManyLessonFiles);
  });

  it('ritual templates and forum categories', async () => {
    const offered = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(rituals)
      .where(sql`${rituals.isTemplate} and ${rituals.archivedAt} is null`);
    await t.database.db.insert(rituals).values(
      Array.from({ length: RITUAL_TEMPLATES_MAX - (offered[0]?.count ?? 0) }, (_, index) => ({
        title: `Template ${index}`,
        description: 'Calm',
        instructions: 'Breathe',
        durationMinutes: 5,
        category: 'Meditation',
        moonPhase: 'full_moon',
        isTemplate: true,
      })),
    );
    const ritual = await t.api(admin, 'POST', '/api/admin/rituals', {
      title: 'One too many',
      description: 'Calm',
      instructions: 'Breathe',
      durationMinutes: 5,
      category: 'Meditation',
      moonPhase: 'full_moon',
    });
    expect(ritual.statusCode).toBe(409);
    expect(ritual.json().error.message).toBe(CONTENT_MESSAGES.tooManyRituals);

    const existing = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(forumCategories);
    await t.database.db.insert(forumCategories).values(
      Array.from({ length: FORUM_CATEGORIES_MAX - (existing[0]?.count ?? 0) }, (_, index) => ({
        slug: `extra-${index}`,
        name: `Extra ${index}`,
        description: 'Talk',
        color: 'rose',
      })),
    );
    const category = await t.api(admin, 'POST', '/api/admin/forum-categories', {
      name: 'One too many',
      description: 'Talk',
      icon: 'Moon',
      color: 'rose',
    });
    expect(category.statusCode).toBe(409);
    expect(category.json().error.message).toBe(CONTENT_MESSAGES.tooManyCategories);
  });
});
