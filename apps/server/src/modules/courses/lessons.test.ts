import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { pointsLedger, userPoints } from '../../db/schema/community.ts';
import { userProgress } from '../../db/schema/courses.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const subscriber = () => t.signUpSubscriber();

const complete = (member: TestMember, courseId: number, lessonId: string) =>
  t.request({
    method: 'POST',
    url: `/api/courses/${courseId}/lessons/${lessonId}/complete`,
    cookie: member.cookie,
    payload: {},
  });
const detail = async (member: TestMember, courseId: number) =>
  (await t.request({ method: 'GET', url: `/api/courses/${courseId}`, cookie: member.cookie })).json();
const pointsOf = async (userId: string) =>
  (await t.database.db.select().from(userPoints).where(eq(userPoints.userId, userId)))[0]?.points ?? 0;

describe('course detail', () => {
  it('lists course 1 exactly as the spec does, first lesson available and the rest locked', async () => {
    const member = await subscriber();
    const course = await detail(member, 1);
    expect(course).toMatchObject({ title: 'Goddess Goals', lessonCount: 5, estimatedHours: 3, progressPercent: 0 });
    expect(course.lessons.map((lesson: { id: string; state: string }) => [lesson.id, lesson.state])).toEqual([
      ['1-1', 'available'],
      ['1-2', 'locked'],
      ['1-3', 'locked'],
      ['1-4', 'locked'],
      ['1-5', 'locked'],
    ]);
  });

  it('answers 404 "Course not found" for an unknown course', async () => {
    const member = await subscriber();
    const response = await t.request({ method: 'GET', url: '/api/courses/99', cookie: member.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Course not found');
  });

  it('shows the outline to anyone, and lessons to members only', async () => {
    const visitor = (await t.request({ method: 'GET', url: '/api/courses/1' })).json();
    expect(visitor.viewer).toBe('visitor');
    expect(visitor.resume).toBeNull();
    expect(visitor.lessons.map((lesson: { state: string }) => lesson.state)).toEqual(Array(5).fill('members_only'));
    const free = await t.signUp();
    expect((await detail(free, 1)).viewer).toBe('account');
    // The course pages do not let staff in without a membership (spec section 6).
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    expect((await detail(admin, 1)).viewer).toBe('account');
    expect((await detail(await subscriber(), 1)).viewer).toBe('member');
  });
});

describe('completing lessons', () => {
  it('goes in order: a later lesson is refused until the one before is complete', async () => {
    const member = await subscriber();
    const early = await complete(member, 1, '1-3');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Complete the previous lesson first');
    expect((await complete(member, 1, '1-1')).statusCode).toBe(200);
    expect((await complete(member, 1, '1-2')).statusCode).toBe(200);
    const course = await detail(member, 1);
    expect(course.lessons.map((lesson: { state: string }) => lesson.state)).toEqual([
      'complete',
      'complete',
      'available',
      'locked',
      'locked',
    ]);
    expect(course.progressPercent).toBe(40);
  });

  it('pays +20 once; completing again changes nothing', async () => {
    const member = await subscriber();
    const first = (await complete(member, 2, '2-1')).json();
    expect(first).toMatchObject({ newlyCompleted: true, pointsAwarded: 20 });
    const [row] = await t.database.db
      .select()
      .from(userProgress)
      .where(and(eq(userProgress.userId, member.id), eq(userProgress.lessonId, '2-1')));
    const again = (await complete(member, 2, '2-1')).json();
    expect(again).toMatchObject({ newlyCompleted: false, pointsAwarded: 0 });
    const [after] = await t.database.db
      .select()
      .from(userProgress)
      .where(and(eq(userProgress.userId, member.id), eq(userProgress.lessonId, '2-1')));
    expect(after?.completedAt).toEqual(row?.completedAt);
    expect(after?.progressPercentage).toBe(100);
    expect(await pointsOf(member.id)).toBe(20);
  });

  it('pays once when two requests complete the same lesson at the same moment', async () => {
    const member = await subscriber();
    const responses = await Promise.all([
      complete(member, 3, '3-1'),
      complete(member, 3, '3-1'),
      complete(member, 3, '3-1'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(responses.filter((response) => response.json().newlyCompleted)).toHaveLength(1);
    expect(await pointsOf(member.id)).toBe(20);
    const ledger = await t.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, member.id));
    expect(ledger).toHaveLength(1);
  });

  it('refuses a lesson of another course, visitors and accounts without a membership', async () => {
    const member = await subscriber();
    const elsewhere = await complete(member, 1, '2-1');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe('Lesson not found');
    const visitor = await t.request({ method: 'POST', url: '/api/courses/1/lessons/1-1/complete', payload: {} });
    expect(visitor.statusCode).toBe(401);
    const account = await complete(await t.signUp(), 1, '1-1');
    expect(account.statusCode).toBe(403);
    expect(account.json().error.message).toBe('This lesson is for members. Join the Sisterhood to open it.');
  });

  it('reports progress per course for the library', async () => {
    const member = await subscriber();
    await complete(member, 4, '4-1');
    const { progress } = (
      await t.request({ method: 'GET', url: '/api/courses/progress', cookie: member.cookie })
    ).json();
    expect(progress.find((row: { courseId: number }) => row.courseId === 4)).toEqual({
      courseId: 4,
      completedLessons: 1,
      progressPercent: 25,
    });
  });
});

describe('certificate', () => {
  it('is refused before 100% and is a PDF after', async () => {
    const member = await subscriber();
    const early = await t.request({ method: 'GET', url: '/api/courses/4/certificate', cookie: member.cookie });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('Complete every lesson of the course to download its certificate');
    expect((await t.request({ method: 'GET', url: '/api/courses/4/certificate' })).statusCode).toBe(401);

    for (const lesson of ['4-1', '4-2', '4-3', '4-4']) expect((await complete(member, 4, lesson)).statusCode).toBe(200);
    const course = await detail(member, 4);
    expect(course.progressPercent).toBe(100);
    expect(course.completedAt).toBeTruthy();

    const response = await t.request({ method: 'GET', url: '/api/courses/4/certificate', cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lunara-certificate-intentional-beauty.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pointsOf(member.id)).toBe(80);
  });
});
