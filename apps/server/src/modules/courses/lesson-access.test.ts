import { LESSON_MESSAGES, lessonOpensMessage } from '@lunara/shared/courses';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCourse, type TestCourse } from '../../../test/fixtures/courses.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { user } from '../../db/schema/auth.ts';
import { userProgress } from '../../db/schema/courses.ts';
import { profiles } from '../../db/schema/members.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const lessonUrl = (course: TestCourse, index: number) => `/api/courses/${course.id}/lessons/${course.lessonIds[index]}`;
const openLesson = (who: TestMember | undefined, course: TestCourse, index: number, query = '') =>
  t.api(who, 'GET', `${lessonUrl(course, index)}${query}`);
const complete = (who: TestMember | undefined, course: TestCourse, index: number) =>
  t.api(who, 'POST', `${lessonUrl(course, index)}/complete`);
const outline = async (who: TestMember | undefined, course: TestCourse, query = '') =>
  (await t.api(who, 'GET', `/api/courses/${course.id}${query}`)).json();
const states = (detail: { lessons: { state: string }[] }) => detail.lessons.map((lesson) => lesson.state);
const progressRows = (userId: string) =>
  t.database.db.select().from(userProgress).where(eq(userProgress.userId, userId));

describe('free previews', () => {
  it('open to a visitor; the other lessons ask her to sign in', async () => {
    const course = await createTestCourse(t.database.db, {
      modules: ['Begin', 'Go deeper'],
      lessons: [{ isFreePreview: true }, {}, { module: 1 }],
    });
    const detail = await outline(undefined, course);
    expect(detail).toMatchObject({ viewer: 'visitor', previewLessonId: course.lessonIds[0], resume: null });
    expect(states(detail)).toEqual(['available', 'members_only', 'members_only']);
    expect(detail.modules.map((module: { title: string }) => module.title)).toEqual(['Begin', 'Go deeper']);
    expect(detail.lessons[2].moduleId).toBe(course.moduleIds[1]);

    const preview = await openLesson(undefined, course, 0);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ canComplete: false, positionSeconds: 0, previousLessonId: null });
    const other = await openLesson(undefined, course, 1);
    expect(other.statusCode).toBe(401);
    expect(other.json().error.message).toBe(LESSON_MESSAGES.signInFirst);
    expect((await complete(undefined, course, 0)).statusCode).toBe(401);
  });
});

describe('an account without a membership', () => {
  it('opens free previews only in a members course', async () => {
    const account = await t.signUp();
    const course = await createTestCourse(t.database.db, { lessons: [{ isFreePreview: true }, {}] });
    expect((await outline(account, course)).viewer).toBe('account');
    expect((await openLesson(account, course, 0)).statusCode).toBe(200);
    const refused = await openLesson(account, course, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(LESSON_MESSAGES.membersOnly);
    const completing = await complete(account, course, 0);
    expect(completing.statusCode).toBe(403);
    expect(completing.json().error.message).toBe(LESSON_MESSAGES.membersOnly);
    // Nothing is kept of an account's visit to a course she has no access to.
    expect(await progressRows(account.id)).toEqual([]);
  });

  it('takes a free course like a member, to its end', async () => {
    const account = await t.signUp();
    const course = await createTestCourse(t.database.db, { access: 'free', lessons: [{}, {}] });
    const detail = await outline(account, course);
    expect(detail.viewer).toBe('member');
    expect(states(detail)).toEqual(['available', 'locked']);
    expect((await openLesson(account, course, 0)).json().canComplete).toBe(true);
    expect((await complete(account, course, 0)).json()).toMatchObject({ newlyCompleted: true, pointsAwarded: 20 });
    expect((await complete(account, course, 1)).statusCode).toBe(200);
    expect((await outline(account, course)).progressPercent).toBe(100);
    const certificate = await t.api(account, 'GET', `/api/courses/${course.id}/certificate`);
    expect(certificate.statusCode).toBe(200);
  });
});

describe('lessons in order', () => {
  it('are refused until the one before is complete, with the reason', async () => {
    const member = await t.signUpSubscriber();
    const course = await createTestCourse(t.database.db, { lessons: [{}, {}, { isFreePreview: true }] });
    expect(states(await outline(member, course))).toEqual(['available', 'locked', 'available']);
    const locked = await openLesson(member, course, 1);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe(LESSON_MESSAGES.previousFirst);
    // A free preview opens out of order, but completing still goes in order.
    expect((await openLesson(member, course, 2)).statusCode).toBe(200);
    const early = await complete(member, course, 2);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(LESSON_MESSAGES.previousFirst);
  });

  it('can be taken in any order when the owner turns ordering off', async () => {
    const member = await t.signUpSubscriber();
    const course = await createTestCourse(t.database.db, { sequential: false, lessons: [{}, {}, {}] });
    const detail = await outline(member, course);
    expect(detail.sequential).toBe(false);
    expect(states(detail)).toEqual(['available', 'available', 'available']);
    expect((await complete(member, course, 2)).json()).toMatchObject({ newlyCompleted: true, pointsAwarded: 20 });
    expect((await complete(member, course, 0)).statusCode).toBe(200);
    expect(states(await outline(member, course))).toEqual(['complete', 'available', 'complete']);
  });
});

describe('dripped lessons', () => {
  it('open the given number of days after she joined, and say when in her time zone', async () => {
    const member = await t.signUpSubscriber();
    await t.database.db.update(profiles).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(profiles.id, member.id));
    const course = await createTestCourse(t.database.db, { sequential: false, lessons: [{}, { dripDays: 3 }] });
    const [joined] = await t.database.db.select({ at: user.createdAt }).from(user).where(eq(user.id, member.id));
    if (!joined) throw new Error('no account row');
    const opensAt = new Date(joined.at.getTime() + 3 * 24 * 60 * 60 * 1000);

    const detail = await outline(member, course);
    expect(detail.lessons[1]).toMatchObject({ state: 'scheduled', opensAt: opensAt.toISOString() });
    const refused = await openLesson(member, course, 1);
    expect(refused.statusCode).toBe(403);
    const message = refused.json().error.message;
    expect(message).toBe(lessonOpensMessage(opensAt, 'Pacific/Kiritimati'));
    expect(message).toMatch(/^This lesson opens on \d{1,2} [A-Z][a-z]+ \d{4}$/);
    const completing = await complete(member, course, 1);
    expect(completing.statusCode).toBe(403);
    expect(completing.json().error.message).toBe(message);

    // Four days later (her account made earlier) the lesson is open.
    await t.database.db
      .update(user)
      .set({ createdAt: sql`${user.createdAt} - interval '4 days'` })
      .where(eq(user.id, member.id));
    expect((await outline(member, course)).lessons[1].state).toBe('available');
    expect((await openLesson(member, course, 1)).statusCode).toBe(200);
    expect((await complete(member, course, 1)).statusCode).toBe(200);
  });

  it('are open to visitors when they are free previews, whatever the drip', async () => {
    const course = await createTestCourse(t.database.db, { lessons: [{ isFreePreview: true, dripDays: 30 }] });
    expect((await openLesson(undefined, course, 0)).statusCode).toBe(200);
  });
});

describe('admin preview', () => {
  it('shows an admin a draft with every lesson open and records nothing', async () => {
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    const course = await createTestCourse(t.database.db, {
      status: 'draft',
      lessons: [{}, { dripDays: 10 }, {}],
    });
    expect((await t.api(admin, 'GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    const detail = await outline(admin, course, '?preview=1');
    expect(detail).toMatchObject({ viewer: 'preview', status: 'draft', resume: null });
    expect(states(detail)).toEqual(['available', 'available', 'available']);
    const lesson = await openLesson(admin, course, 1, '?preview=1');
    expect(lesson.statusCode).toBe(200);
    expect(lesson.json()).toMatchObject({ canComplete: false, previousLessonId: course.lessonIds[0] });
    const position = await t.api(admin, 'PUT', `${lessonUrl(course, 1)}/position?preview=1`, { seconds: 30 });
    expect(position.statusCode).toBe(204);
    expect(await progressRows(admin.id)).toEqual([]);
  });

  it('is ignored for anyone but an admin', async () => {
    const member = await t.signUpSubscriber();
    const moderator = await t.signUpSubscriber('moderator');
    const course = await createTestCourse(t.database.db, { status: 'draft', lessons: [{}] });
    for (const who of [member, moderator, undefined]) {
      const response = await t.api(who, 'GET', `/api/courses/${course.id}?preview=1`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Course not found');
      expect((await openLesson(who, course, 0, '?preview=1')).statusCode).toBe(404);
    }
    const published = await createTestCourse(t.database.db, { lessons: [{}, {}] });
    const asMember = await outline(member, published, '?preview=1');
    expect(asMember.viewer).toBe('member');
    expect(states(asMember)).toEqual(['available', 'locked']);
  });
});

describe('unknown lessons', () => {
  it('answer 404 "Lesson not found", also for a lesson of another course', async () => {
    const member = await t.signUpSubscriber();
    const course = await createTestCourse(t.database.db, { lessons: [{}] });
    const other = await createTestCourse(t.database.db, { lessons: [{}] });
    for (const url of [
      `/api/courses/${course.id}/lessons/${other.lessonIds[0]}`,
      `/api/courses/${course.id}/lessons/nope-1`,
    ]) {
      const response = await t.api(member, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(LESSON_MESSAGES.notFound);
    }
    expect((await t.api(member, 'GET', '/api/courses/99999/lessons/1-1')).json().error.message).toBe(
      'Course not found',
    );
    const [row] = await t.database.db
      .select()
      .from(userProgress)
      .where(and(eq(userProgress.userId, member.id), eq(userProgress.lessonId, other.lessonIds[0] as string)));
    expect(row).toBeUndefined();
  });
});
