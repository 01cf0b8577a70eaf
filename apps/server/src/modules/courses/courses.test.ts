import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { pointsLedger } from '../../db/schema/community.ts';
import { userProgress } from '../../db/schema/courses.ts';

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
    expect(courses[0]).toMatchObject({ id: 1, lessonCount: 5, estimatedHours: 3 });
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
