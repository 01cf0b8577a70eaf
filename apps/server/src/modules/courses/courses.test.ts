import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCourse } from '../../../test/fixtures/courses.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { pointsLedger } from '../../db/schema/community.ts';
import { courses as courseTable, userProgress } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/courses', () => {
  it('lists the five courses in order, with lesson counts, to anyone', async () => {
    const response = await t.request({ method: 'GET', url: '/api/courses' });
    expect(response.statusCode).toBe(200);
    const { courses } = response.json();
    expect(courses.map((course: { title: string }) => course.title)).toEqual([
      'Goddess Goals',
      'Detox Your Trauma',
      'Energy Healing',
      'Intentional Beauty',
      'Spiritual Baths',
    ]);
    expect(courses[0]).toMatchObject({
      id: 1,
      lessonCount: 5,
      estimatedHours: 3,
      coverUrl: null,
      access: 'members',
      previewLessonId: null,
    });
  });
});

describe('courses the owner has not published', () => {
  it('are never listed, are 404 to members, and leave the journey and library figures alone', async () => {
    const member = await t.signUpSubscriber();
    const journeyBefore = (await t.api(member, 'GET', '/api/me/journey')).json();
    const draft = await createTestCourse(t.database.db, { title: 'Draft', status: 'draft', lessons: [{}] });
    const archived = await createTestCourse(t.database.db, { title: 'Old', status: 'archived', lessons: [{}, {}] });
    const titles = (await t.api(undefined, 'GET', '/api/courses'))
      .json()
      .courses.map((c: { title: string }) => c.title);
    expect(titles).not.toContain('Draft');
    expect(titles).not.toContain('Old');
    for (const course of [draft, archived]) {
      for (const who of [member, undefined]) {
        const response = await t.api(who, 'GET', `/api/courses/${course.id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe('Course not found');
        expect((await t.api(who, 'GET', `/api/courses/${course.id}/lessons/${course.lessonIds[0]}`)).statusCode).toBe(
          404,
        );
      }
    }
    expect((await t.api(member, 'GET', '/api/me/journey')).json().totalLessons).toBe(journeyBefore.totalLessons);
    const { progress } = (await t.api(member, 'GET', '/api/courses/progress')).json();
    expect(progress.map((row: { courseId: number }) => row.courseId)).not.toContain(draft.id);
    expect(progress.map((row: { courseId: number }) => row.courseId)).not.toContain(archived.id);
  });

  it('list a published course with its cover, access, free preview and hours worked out from its lessons', async () => {
    const admin = await t.signUp();
    const course = await createTestCourse(t.database.db, {
      title: 'Catalog card',
      access: 'free',
      lessons: [{ durationMinutes: 50 }, { durationMinutes: 40, isFreePreview: true }, { isFreePreview: true }],
    });
    const [cover] = await t.database.db
      .insert(mediaFiles)
      .values({ ownerId: admin.id, kind: 'course_cover', courseId: course.id, status: 'ready' })
      .returning({ id: mediaFiles.id });
    await t.database.db.update(courseTable).set({ coverMediaId: cover?.id }).where(eq(courseTable.id, course.id));
    const card = (await t.api(undefined, 'GET', '/api/courses'))
      .json()
      .courses.find((c: { id: number }) => c.id === course.id);
    expect(card).toEqual({
      id: course.id,
      title: 'Catalog card',
      summary: 'A course made by a test.',
      description: 'Made by a test.',
      // 120 minutes: two hours.
      estimatedHours: 2,
      lessonCount: 3,
      coverUrl: `/media/${cover?.id}`,
      access: 'free',
      previewLessonId: course.lessonIds[1],
    });
  });
});

describe('GET /api/me/journey', () => {
  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/me/journey' })).statusCode).toBe(401);
  });

  it('starts at zero and counts real progress and active days', async () => {
    const member = await t.signUp();
    const journey = async () =>
      (await t.request({ method: 'GET', url: '/api/me/journey', cookie: member.cookie })).json();
    expect(await journey()).toMatchObject({ courseProgressPercent: 0, lessonsCompleted: 0, daysActive: 0 });

    const day = (iso: string) => new Date(iso);
    await t.database.db.insert(userProgress).values([
      {
        userId: member.id,
        courseId: 1,
        lessonId: '1-1',
        completed: true,
        progressPercentage: 100,
        completedAt: day('2026-11-01T10:00:00Z'),
      },
      {
        userId: member.id,
        courseId: 1,
        lessonId: '1-2',
        completed: true,
        progressPercentage: 100,
        completedAt: day('2026-11-02T10:00:00Z'),
      },
    ]);
    await t.database.db.insert(pointsLedger).values([
      {
        userId: member.id,
        amount: 20,
        reason: 'lesson',
        idempotencyKey: `j1-${member.id}`,
        createdAt: day('2026-11-02T11:00:00Z'),
      },
      {
        userId: member.id,
        amount: 10,
        reason: 'post',
        idempotencyKey: `j2-${member.id}`,
        createdAt: day('2026-11-05T11:00:00Z'),
      },
    ]);
    const result = await journey();
    expect(result.lessonsCompleted).toBe(2);
    expect(result.daysActive).toBe(3);
    expect(result.courseProgressPercent).toBe(Math.round((2 / result.totalLessons) * 100));
  });
});
