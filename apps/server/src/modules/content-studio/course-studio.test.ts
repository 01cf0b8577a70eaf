import { CONTENT_MESSAGES } from '@lunara/shared/content-studio';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../../test/fixtures/media-files.ts';
import type { TestApp, TestMember } from '../../../test/test-app.ts';
import { lessons, userProgress } from '../../db/schema/courses.ts';
import { mediaDeletions, mediaFiles } from '../../db/schema/media.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { expectOnlyAdmins, startStudioApp } from './studio-test-kit.ts';

let t: TestApp;
let admin: TestMember;
let otherAdmin: TestMember;
let member: TestMember;
let moderator: TestMember;
beforeAll(async () => {
  ({ t, admin, otherAdmin, member, moderator } = await startStudioApp());
});
afterAll(async () => t?.close());

const api = (...args: Parameters<TestApp['api']>) => t.api(...args);
async function newCourse(title = 'Moon Wisdom') {
  const response = await api(admin, 'POST', '/api/admin/courses', { title });
  expect(response.statusCode).toBe(201);
  return response.json();
}
async function addLesson(moduleId: string, title: string, durationMinutes = 30) {
  const response = await api(admin, 'POST', `/api/admin/modules/${moduleId}/lessons`, { title, durationMinutes });
  expect(response.statusCode).toBe(201);
  return response.json();
}
const course = async (id: number) => (await api(admin, 'GET', `/api/admin/courses/${id}`)).json();
const uploadCover = async (courseId: number) =>
  t.request({
    method: 'POST',
    url: `/api/media/course_cover?courseId=${courseId}`,
    cookie: admin.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'cover.png' },
    payload: await makeImage(800, 450),
  });

describe('who may use the course studio', () => {
  const routes: Array<[method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string]> = [
    ['GET', '/api/admin/courses'],
    ['POST', '/api/admin/courses'],
    ['PUT', '/api/admin/courses/order'],
    ['GET', '/api/admin/courses/1'],
    ['PATCH', '/api/admin/courses/1'],
    ['DELETE', '/api/admin/courses/1'],
    ['POST', '/api/admin/courses/1/status'],
    ['POST', '/api/admin/courses/1/duplicate'],
    ['GET', '/api/admin/courses/1/impact'],
    ['PUT', '/api/admin/courses/1/outline'],
    ['POST', '/api/admin/courses/1/modules'],
    ['PATCH', '/api/admin/modules/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/admin/modules/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/modules/00000000-0000-4000-8000-000000000000/lessons'],
    ['GET', '/api/admin/lessons/1-1'],
    ['PATCH', '/api/admin/lessons/1-1'],
    ['DELETE', '/api/admin/lessons/1-1'],
  ];
  it.each(routes)('%s %s: 401 visitor, 403 member and moderator', async (method, url) => {
    await expectOnlyAdmins(t, { member, moderator }, method, url);
  });

  it('leaves the seeded course untouched after those refusals', async () => {
    const seeded = await course(1);
    expect(seeded).toMatchObject({ id: 1, status: 'published', version: 1 });
    expect(seeded.modules[0].lessons).toHaveLength(5);
  });
});

describe('a course from draft to the catalog', () => {
  it('creates a draft with one module, edits it, publishes it, and only then members see it', async () => {
    const created = await newCourse('Moon Wisdom');
    expect(created).toMatchObject({
      title: 'Moon Wisdom',
      status: 'draft',
      summary: '',
      description: '',
      estimatedHours: null,
      computedHours: 1,
      access: 'members',
      sequential: true,
      cover: null,
      version: 1,
    });
    expect(created.modules.map((module: { title: string }) => module.title)).toEqual(['Module 1']);
    const list = (await api(admin, 'GET', '/api/admin/courses')).json().courses;
    expect(list.at(-1)).toMatchObject({ id: created.id, status: 'draft', moduleCount: 1, lessonCount: 0 });

    const catalog = async () =>
      (await api(member, 'GET', '/api/courses')).json().courses.map((entry: { id: number }) => entry.id);
    expect(await catalog()).not.toContain(created.id);

    const publishEmpty = await api(admin, 'POST', `/api/admin/courses/${created.id}/status`, {
      version: 1,
      status: 'published',
    });
    expect(publishEmpty.statusCode).toBe(400);
    expect(publishEmpty.json().error.message).toBe(CONTENT_MESSAGES.publishEmpty);

    const edited = await api(admin, 'PATCH', `/api/admin/courses/${created.id}`, {
      version: 1,
      summary: 'Live by the moon',
      description: 'Twelve lunations',
      access: 'free',
      sequential: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ summary: 'Live by the moon', access: 'free', sequential: false, version: 2 });

    const lesson = await addLesson(created.modules[0].id, 'First light', 90);
    expect(lesson).toMatchObject({ title: 'First light', durationMinutes: 90, bodyMarkdown: '', version: 1 });
    expect(lesson.id).toMatch(new RegExp(`^${created.id}-\\d{3,}$`));
    const withLesson = await course(created.id);
    expect(withLesson).toMatchObject({ version: 3, computedHours: 2 });

    const published = await api(admin, 'POST', `/api/admin/courses/${created.id}/status`, {
      version: 3,
      status: 'published',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', version: 4 });
    expect(await catalog()).toContain(created.id);

    const archived = await api(admin, 'POST', `/api/admin/courses/${created.id}/status`, {
      version: 4,
      status: 'archived',
    });
    expect(archived.json().status).toBe('archived');
    expect(await catalog()).not.toContain(created.id);
    const draft = await api(admin, 'POST', `/api/admin/courses/${created.id}/status`, { version: 5, status: 'draft' });
    expect(draft.json().status).toBe('draft');

    const audit = await t.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'course'), eq(auditLog.targetId, String(created.id))))
      .orderBy(asc(auditLog.createdAt));
    expect(audit.map((row) => row.action)).toEqual([
      'course.create',
      'course.update',
      'course.status',
      'course.status',
      'course.status',
    ]);
    expect(audit[2]?.details).toEqual({ title: 'Moon Wisdom', status: 'published' });
    const log = (await api(admin, 'GET', '/api/admin/audit')).json().items;
    expect(log.find((item: { action: string }) => item.action === 'lesson.create')).toMatchObject({
      targetName: 'First light',
      details: { courseTitle: 'Moon Wisdom' },
    });
  });

  it('refuses a bad title and an unknown course', async () => {
    const blank = await api(admin, 'POST', '/api/admin/courses', { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Give the course a title');
    const missing = await api(admin, 'GET', '/api/admin/courses/9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(CONTENT_MESSAGES.courseNotFound);
    expect((await api(admin, 'PATCH', '/api/admin/courses/9999', { version: 1 })).statusCode).toBe(404);
  });
});

describe('two admins editing the same course', () => {
  it('refuses the second save made from the old version, and keeps the first', async () => {
    const created = await newCourse('Shared edit');
    const first = await api(admin, 'PATCH', `/api/admin/courses/${created.id}`, { version: 1, title: 'Mine' });
    expect(first.statusCode).toBe(200);
    const second = await api(otherAdmin, 'PATCH', `/api/admin/courses/${created.id}`, { version: 1, title: 'Theirs' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'VERSION_CONFLICT', message: CONTENT_MESSAGES.versionConflict });
    expect(await course(created.id)).toMatchObject({ title: 'Mine', version: 2 });
    const stale = await api(admin, 'POST', `/api/admin/courses/${created.id}/status`, {
      version: 1,
      status: 'archived',
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('the cover', () => {
  it('takes only a cover uploaded for this course, and deletes the one it replaces', async () => {
    const mine = await newCourse('Covered');
    const other = await newCourse('Other');
    const foreign = (await uploadCover(other.id)).json();
    const refused = await api(admin, 'PATCH', `/api/admin/courses/${mine.id}`, {
      version: 1,
      coverMediaId: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.coverNotUploaded);

    const first = (await uploadCover(mine.id)).json();
    const set = await api(admin, 'PATCH', `/api/admin/courses/${mine.id}`, { version: 1, coverMediaId: first.id });
    expect(set.statusCode).toBe(200);
    expect(set.json().cover).toMatchObject({ id: first.id, kind: 'course_cover', url: `/media/${first.id}` });
    const listed = (await api(admin, 'GET', '/api/admin/courses')).json().courses;
    expect(listed.find((entry: { id: number }) => entry.id === mine.id).coverUrl).toBe(`/media/${first.id}`);

    const removed = await api(admin, 'PATCH', `/api/admin/courses/${mine.id}`, { version: 2, coverMediaId: null });
    expect(removed.json().cover).toBeNull();
    expect(await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, first.id))).toEqual([]);
    expect(await t.database.db.select().from(mediaDeletions).where(eq(mediaDeletions.mediaId, first.id))).toHaveLength(
      1,
    );
  });
});

describe('the catalog order', () => {
  it('takes every course once, else 409', async () => {
    await newCourse('Reordered');
    const ids = (await api(admin, 'GET', '/api/admin/courses'))
      .json()
      .courses.map((entry: { id: number }) => entry.id) as number[];
    const reversed = [...ids].reverse();
    expect((await api(admin, 'PUT', '/api/admin/courses/order', { courseIds: reversed })).statusCode).toBe(204);
    const after = (await api(admin, 'GET', '/api/admin/courses'))
      .json()
      .courses.map((entry: { id: number }) => entry.id);
    expect(after).toEqual(reversed);
    for (const courseIds of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 99_999]]) {
      const response = await api(admin, 'PUT', '/api/admin/courses/order', { courseIds });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(CONTENT_MESSAGES.orderMismatch);
    }
    await api(admin, 'PUT', '/api/admin/courses/order', { courseIds: ids });
  });
});

describe('deleting a course', () => {
  it('says what is lost, then removes the course with its lessons and progress', async () => {
    const created = await newCourse('Short lived');
    const one = await addLesson(created.modules[0].id, 'One');
    const two = await addLesson(created.modules[0].id, 'Two');
    const finisher = await t.signUpSubscriber();
    await t.database.db.insert(userProgress).values([
      { userId: member.id, courseId: created.id, lessonId: one.id, completed: true, progressPercentage: 100 },
      { userId: finisher.id, courseId: created.id, lessonId: one.id, completed: true, progressPercentage: 100 },
      { userId: finisher.id, courseId: created.id, lessonId: two.id, completed: true, progressPercentage: 100 },
    ]);
    const impact = await api(admin, 'GET', `/api/admin/courses/${created.id}/impact`);
    expect(impact.json()).toEqual({ lessonCount: 2, membersWithProgress: 2, certificatesEarned: 1 });

    expect((await api(admin, 'DELETE', `/api/admin/courses/${created.id}`)).statusCode).toBe(204);
    expect((await api(admin, 'GET', `/api/admin/courses/${created.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(userProgress).where(eq(userProgress.courseId, created.id))).toEqual([]);
    expect(await t.database.db.select().from(lessons).where(eq(lessons.courseId, created.id))).toEqual([]);
    const log = (await api(admin, 'GET', '/api/admin/audit')).json().items;
    expect(log[0]).toMatchObject({ action: 'course.delete', targetName: 'Short lived' });
    expect((await api(admin, 'DELETE', `/api/admin/courses/${created.id}`)).statusCode).toBe(404);
  });
});
