import type { Media, MediaKind } from '@lunara/shared/media';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCourse, type TestCourse } from '../../../test/fixtures/courses.ts';
import { makeImage, makeMp4, PDF } from '../../../test/fixtures/media-files.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { lessons, userProgress } from '../../db/schema/courses.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp();
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
});
afterAll(async () => t?.close());

async function upload(kind: MediaKind, lessonId: string, body: Buffer, name: string) {
  const response = await t.request({
    method: 'POST',
    url: `/api/media/${kind}?lessonId=${lessonId}`,
    cookie: admin.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as Media;
}
const lessonUrl = (course: TestCourse, index: number) => `/api/courses/${course.id}/lessons/${course.lessonIds[index]}`;
const savePosition = (who: TestMember | undefined, course: TestCourse, index: number, seconds: unknown) =>
  t.api(who, 'PUT', `${lessonUrl(course, index)}/position`, { seconds });
const progressOf = async (member: TestMember, lessonId: string | undefined) =>
  (
    await t.database.db
      .select()
      .from(userProgress)
      .where(and(eq(userProgress.userId, member.id), eq(userProgress.lessonId, lessonId as string)))
  )[0];

describe('the lesson page', () => {
  it('gives the body, the uploaded video, the files oldest first and the neighbours', async () => {
    const course = await createTestCourse(t.database.db, {
      modules: ['One', 'Two'],
      lessons: [{ bodyMarkdown: '# Welcome\n\nBreathe.' }, { module: 1, videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
    });
    const [first, second] = course.lessonIds as [string, string];
    const video = await upload('lesson_video', first, makeMp4(20_000), 'Welcome.mp4');
    const workbook = await upload('lesson_file', first, PDF, 'Workbook.pdf');
    const meditation = await upload('lesson_file', first, PDF, 'Meditation.pdf');
    await t.database.db.update(lessons).set({ videoMediaId: video.id }).where(eq(lessons.id, first));

    const member = await t.signUpSubscriber();
    const page = (await t.api(member, 'GET', lessonUrl(course, 0))).json();
    expect(page).toMatchObject({
      courseId: course.id,
      bodyMarkdown: '# Welcome\n\nBreathe.',
      video: { provider: 'upload', url: `/media/${video.id}`, contentType: 'video/mp4' },
      previousLessonId: null,
      nextLessonId: second,
      positionSeconds: 0,
      canComplete: true,
      lesson: { id: first, position: 1, hasVideo: true, state: 'available', moduleId: course.moduleIds[0] },
    });
    expect(page.files.map((file: { id: string; fileName: string }) => [file.id, file.fileName])).toEqual([
      [workbook.id, 'Workbook.pdf'],
      [meditation.id, 'Meditation.pdf'],
    ]);
    expect(page.files[0]).toMatchObject({ url: `/media/${workbook.id}`, contentType: 'application/pdf' });

    await t.api(member, 'POST', `${lessonUrl(course, 0)}/complete`);
    const next = (await t.api(member, 'GET', lessonUrl(course, 1))).json();
    expect(next).toMatchObject({
      video: { provider: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
      files: [],
      previousLessonId: first,
      nextLessonId: null,
      lesson: { position: 2, moduleId: course.moduleIds[1] },
    });
  });

  it('records the visit for a member without touching completion', async () => {
    const member = await t.signUpSubscriber();
    const course = await createTestCourse(t.database.db, { lessons: [{}, {}] });
    await t.api(member, 'GET', lessonUrl(course, 0));
    const viewed = await progressOf(member, course.lessonIds[0]);
    expect(viewed).toMatchObject({ completed: false, completedAt: null, progressPercentage: 0 });
    expect(viewed?.lastViewedAt).toBeInstanceOf(Date);

    expect((await t.api(member, 'POST', `${lessonUrl(course, 0)}/complete`)).json().pointsAwarded).toBe(20);
    const completedAt = (await progressOf(member, course.lessonIds[0]))?.completedAt;
    expect(completedAt).toBeInstanceOf(Date);
    await t.api(member, 'GET', lessonUrl(course, 0));
    expect((await savePosition(member, course, 0, 12)).statusCode).toBe(204);
    const after = await progressOf(member, course.lessonIds[0]);
    expect(after).toMatchObject({ completed: true, progressPercentage: 100, positionSeconds: 12 });
    expect(after?.completedAt).toEqual(completedAt);
    // Opening it again never pays again.
    expect((await t.api(member, 'POST', `${lessonUrl(course, 0)}/complete`)).json().pointsAwarded).toBe(0);
  });
});

describe('video position and resuming', () => {
  it('is saved, given back on the lesson page, and resumed from the course page and the dashboard', async () => {
    const member = await t.signUpSubscriber();
    expect((await t.api(member, 'GET', '/api/me/continue')).json()).toEqual({ next: null });
    const course = await createTestCourse(t.database.db, { title: 'Resume me', lessons: [{}, {}, {}] });
    const [first, second] = course.lessonIds as [string, string];
    const video = await upload('lesson_video', second, makeMp4(20_000), 'Two.mp4');
    await t.database.db.update(lessons).set({ videoMediaId: video.id }).where(eq(lessons.id, second));

    // Not started: resume at the first lesson.
    expect((await t.api(member, 'GET', `/api/courses/${course.id}`)).json().resume).toEqual({
      lessonId: first,
      positionSeconds: 0,
    });
    await t.api(member, 'POST', `${lessonUrl(course, 0)}/complete`);
    await t.api(member, 'GET', lessonUrl(course, 1));
    expect((await savePosition(member, course, 1, 95)).statusCode).toBe(204);
    expect((await t.api(member, 'GET', lessonUrl(course, 1))).json().positionSeconds).toBe(95);
    expect((await t.api(member, 'GET', `/api/courses/${course.id}`)).json().resume).toEqual({
      lessonId: second,
      positionSeconds: 95,
    });
    expect((await t.api(member, 'GET', '/api/me/continue')).json()).toEqual({
      next: {
        courseId: course.id,
        courseTitle: 'Resume me',
        lessonId: second,
        lessonTitle: 'Lesson 2',
        lessonPosition: 2,
        lessonCount: 3,
        positionSeconds: 95,
        progressPercent: 33,
      },
    });

    // Rewatching a finished lesson resumes at the next lesson to do.
    await t.api(member, 'POST', `${lessonUrl(course, 1)}/complete`);
    await t.api(member, 'GET', lessonUrl(course, 0));
    expect((await t.api(member, 'GET', `/api/courses/${course.id}`)).json().resume.lessonId).toBe(course.lessonIds[2]);
  });

  it('continues the course she was in most recently, and moves on when it is finished', async () => {
    const member = await t.signUpSubscriber();
    const older = await createTestCourse(t.database.db, { title: 'Older', lessons: [{}, {}] });
    const newer = await createTestCourse(t.database.db, { title: 'Newer', lessons: [{}] });
    await t.api(member, 'GET', lessonUrl(older, 0));
    await t.api(member, 'GET', lessonUrl(newer, 0));
    expect((await t.api(member, 'GET', '/api/me/continue')).json().next.courseTitle).toBe('Newer');
    await t.api(member, 'POST', `${lessonUrl(newer, 0)}/complete`);
    expect((await t.api(member, 'GET', '/api/me/continue')).json().next).toMatchObject({
      courseTitle: 'Older',
      lessonId: older.lessonIds[0],
    });
    expect((await t.api(undefined, 'GET', '/api/me/continue')).statusCode).toBe(401);
  });

  it('is refused where the lesson is, and for bad positions', async () => {
    const member = await t.signUpSubscriber();
    const course = await createTestCourse(t.database.db, { lessons: [{ isFreePreview: true }, {}] });
    expect((await savePosition(undefined, course, 0, 5)).statusCode).toBe(401);
    expect((await savePosition(await t.signUp(), course, 1, 5)).statusCode).toBe(403);
    const locked = await savePosition(member, course, 1, 5);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe('Complete the previous lesson first');
    for (const [seconds, message] of [
      [-1, 'The position cannot be negative'],
      [1.5, 'The position must be a whole number of seconds'],
      ['soon', 'The position must be a number of seconds'],
      [24 * 60 * 60 + 1, 'The position must be at most 24 hours'],
    ] as const) {
      const response = await savePosition(member, course, 0, seconds);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect(await progressOf(member, course.lessonIds[1])).toBeUndefined();
    // An account watching a free preview has nothing to keep.
    const account = await t.signUp();
    expect((await savePosition(account, course, 0, 5)).statusCode).toBe(204);
    expect(await progressOf(account, course.lessonIds[0])).toBeUndefined();
  });
});

describe('lesson media', () => {
  it('follow the lesson: a free preview for anyone, the rest for members once open, admins always', async () => {
    const course = await createTestCourse(t.database.db, {
      lessons: [{ isFreePreview: true }, {}, { dripDays: 5 }],
    });
    const [preview, second, dripped] = course.lessonIds as [string, string, string];
    const previewVideo = await upload('lesson_video', preview, makeMp4(20_000), 'Free.mp4');
    const previewFile = await upload('lesson_file', preview, PDF, 'Free.pdf');
    const memberFile = await upload('lesson_file', second, PDF, 'Members.pdf');
    // Pictures in a lesson's text follow the lesson too.
    const previewPicture = await upload('lesson_image', preview, await makeImage(500, 300), 'Free.png');
    const memberPicture = await upload('lesson_image', second, await makeImage(500, 300), 'Members.png');
    const drippedFile = await upload('lesson_file', dripped, PDF, 'Later.pdf');
    const get = (url: string, who?: TestMember) => t.api(who, 'GET', url);

    expect((await get(previewVideo.url)).statusCode).toBe(200);
    expect((await get(previewFile.url)).statusCode).toBe(200);
    expect((await get(`${previewPicture.url}/400`)).statusCode).toBe(200);
    expect((await get(memberFile.url)).statusCode).toBe(401);
    expect((await get(`${memberPicture.url}/400`)).statusCode).toBe(401);
    const account = await t.signUp();
    expect((await get(memberFile.url, account)).statusCode).toBe(403);
    expect((await get(memberPicture.url, account)).statusCode).toBe(403);

    const member = await t.signUpSubscriber();
    const locked = await get(memberFile.url, member);
    expect(locked.statusCode).toBe(403);
    expect(locked.body).not.toContain('%PDF');
    await t.api(member, 'POST', `${lessonUrl(course, 0)}/complete`);
    expect((await get(memberFile.url, member)).statusCode).toBe(200);
    await t.api(member, 'POST', `${lessonUrl(course, 1)}/complete`);
    const early = await get(drippedFile.url, member);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toMatch(/^This lesson opens on /);
    expect((await get(drippedFile.url, admin)).statusCode).toBe(200);
  });
});
