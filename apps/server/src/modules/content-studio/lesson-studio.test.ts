import { CONTENT_MESSAGES, LESSON_BODY_MAX } from '@lunara/shared/content-studio';
import { VIDEO_LINK_INVALID } from '@lunara/shared/video-links';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, makeMp4, PDF, storedFiles } from '../../../test/fixtures/media-files.ts';
import type { TestApp, TestMember } from '../../../test/test-app.ts';
import { lessons } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { startStudioApp } from './studio-test-kit.ts';

let t: TestApp;
let admin: TestMember;
let otherAdmin: TestMember;
let member: TestMember;
beforeAll(async () => {
  ({ t, admin, otherAdmin, member } = await startStudioApp());
});
afterAll(async () => t?.close());

const api = (...args: Parameters<TestApp['api']>) => t.api(...args);
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
async function courseWith(title: string, lessonTitles: string[]) {
  const course = (await api(admin, 'POST', '/api/admin/courses', { title })).json();
  const lessonIds: string[] = [];
  for (const lessonTitle of lessonTitles) {
    const response = await api(admin, 'POST', `/api/admin/modules/${course.modules[0].id}/lessons`, {
      title: lessonTitle,
    });
    expect(response.statusCode).toBe(201);
    lessonIds.push(response.json().id);
  }
  return { id: course.id as number, moduleId: course.modules[0].id as string, lessonIds };
}
const readCourse = async (id: number) => (await api(admin, 'GET', `/api/admin/courses/${id}`)).json();
const positions = async (courseId: number) =>
  (
    await t.database.db
      .select({ id: lessons.id, position: lessons.position, moduleId: lessons.moduleId })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.position))
  ).map((row) => [row.id, row.position, row.moduleId]);
const upload = (kind: string, query: string, payload: Buffer, name: string) =>
  t.request({
    method: 'POST',
    url: `/api/media/${kind}?${query}`,
    cookie: admin.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': name },
    payload,
  });

describe('modules and the outline', () => {
  it('moves a lesson to another module, renumbers positions, and completion follows the new order', async () => {
    const course = await courseWith('Outline', ['A', 'B', 'C']);
    const [a, b, c] = course.lessonIds as [string, string, string];
    const added = await api(admin, 'POST', `/api/admin/courses/${course.id}/modules`, { title: 'Week 2' });
    expect(added.statusCode).toBe(201);
    const second = added.json().modules[1].id as string;
    const version = added.json().version;

    const moved = await api(admin, 'PUT', `/api/admin/courses/${course.id}/outline`, {
      version,
      modules: [
        { id: second, lessonIds: [c] },
        { id: course.moduleId, lessonIds: [b, a] },
      ],
    });
    expect(moved.statusCode).toBe(200);
    expect(
      moved
        .json()
        .modules.map((module: { id: string; lessons: Array<{ id: string }> }) => [module.id, ids(module.lessons)]),
    ).toEqual([
      [second, [c]],
      [course.moduleId, [b, a]],
    ]);
    expect(await positions(course.id)).toEqual([
      [c, 1, second],
      [b, 2, course.moduleId],
      [a, 3, course.moduleId],
    ]);

    const stale = await api(admin, 'PUT', `/api/admin/courses/${course.id}/outline`, {
      version,
      modules: [
        { id: course.moduleId, lessonIds: [a, b] },
        { id: second, lessonIds: [c] },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(CONTENT_MESSAGES.versionConflict);

    // Published, the member completes in the new order: C first, then B; A before B is refused.
    const current = await readCourse(course.id);
    await api(admin, 'POST', `/api/admin/courses/${course.id}/status`, {
      version: current.version,
      status: 'published',
    });
    const complete = (lessonId: string) =>
      api(member, 'POST', `/api/courses/${course.id}/lessons/${lessonId}/complete`);
    expect((await complete(a)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await complete(c)).statusCode).toBe(200);
    expect((await complete(b)).statusCode).toBe(200);
  });

  it('refuses an outline that leaves out or repeats a lesson or module', async () => {
    const course = await courseWith('Mismatch', ['A', 'B']);
    const [a, b] = course.lessonIds as [string, string];
    const { version } = await readCourse(course.id);
    const outlines = [
      [{ id: course.moduleId, lessonIds: [a] }],
      [{ id: course.moduleId, lessonIds: [a, b, a] }],
      [{ id: course.moduleId, lessonIds: [a, b, '1-1'] }],
      [
        { id: course.moduleId, lessonIds: [a, b] },
        { id: '00000000-0000-4000-8000-000000000000', lessonIds: [] },
      ],
    ];
    for (const modules of outlines) {
      const response = await api(admin, 'PUT', `/api/admin/courses/${course.id}/outline`, { version, modules });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(CONTENT_MESSAGES.outlineMismatch);
    }
    expect(await positions(course.id)).toEqual([
      [a, 1, course.moduleId],
      [b, 2, course.moduleId],
    ]);
  });

  it('renames modules, and deletes only an empty module that is not the last', async () => {
    const course = await courseWith('Modules', ['A']);
    const renamed = await api(admin, 'PATCH', `/api/admin/modules/${course.moduleId}`, { title: 'Opening' });
    expect(renamed.json().modules[0].title).toBe('Opening');
    const notEmpty = await api(admin, 'DELETE', `/api/admin/modules/${course.moduleId}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().error.message).toBe(CONTENT_MESSAGES.moduleNotEmpty);
    const empty = (await api(admin, 'POST', `/api/admin/courses/${course.id}/modules`, { title: 'Spare' })).json();
    const spare = empty.modules[1].id;
    const deleted = await api(admin, 'DELETE', `/api/admin/modules/${spare}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().modules).toHaveLength(1);
    expect((await api(admin, 'DELETE', `/api/admin/modules/${spare}`)).statusCode).toBe(404);

    const lone = (await api(admin, 'POST', '/api/admin/courses', { title: 'Lone' })).json();
    const last = await api(admin, 'DELETE', `/api/admin/modules/${lone.modules[0].id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(CONTENT_MESSAGES.lastModule);
    const log = (await api(admin, 'GET', '/api/admin/audit')).json().items;
    expect(log.find((item: { action: string }) => item.action === 'module.delete')).toMatchObject({
      targetName: 'Modules',
      details: { title: 'Spare' },
    });
  });
});

describe('the lesson editor', () => {
  it('autosaves fields, and refuses a save from an older version without overwriting', async () => {
    const course = await courseWith('Editor', ['Draft lesson']);
    const lessonId = course.lessonIds[0] as string;
    const saved = await api(admin, 'PATCH', `/api/admin/lessons/${lessonId}`, {
      version: 1,
      title: 'Breathwork',
      bodyMarkdown: '# Breathe\n\nIn for four.',
      videoLink: '  https://youtu.be/dQw4w9WgXcQ  ',
      dripDays: 7,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      title: 'Breathwork',
      bodyMarkdown: '# Breathe\n\nIn for four.',
      videoLink: 'https://youtu.be/dQw4w9WgXcQ',
      dripDays: 7,
      version: 2,
    });
    const theirs = await api(otherAdmin, 'PATCH', `/api/admin/lessons/${lessonId}`, {
      version: 1,
      bodyMarkdown: 'Mine',
    });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().error.code).toBe('VERSION_CONFLICT');
    expect((await api(admin, 'GET', `/api/admin/lessons/${lessonId}`)).json().bodyMarkdown).toBe(
      '# Breathe\n\nIn for four.',
    );

    const preview = await api(admin, 'PATCH', `/api/admin/lessons/${lessonId}`, { version: 2, isFreePreview: true });
    expect(preview.json()).toMatchObject({ isFreePreview: true, dripDays: null });
    const cleared = await api(admin, 'PATCH', `/api/admin/lessons/${lessonId}`, { version: 3, videoLink: null });
    expect(cleared.json().videoLink).toBeNull();
    expect((await api(admin, 'GET', '/api/admin/lessons/9-999')).statusCode).toBe(404);
  });

  it('refuses a huge body, a link that is not YouTube or Vimeo, and a bad duration, with their messages', async () => {
    const course = await courseWith('Limits', ['L']);
    const url = `/api/admin/lessons/${course.lessonIds[0]}`;
    // Counted in characters (code points): 100,001 moons are ~400 KB of JSON, under the request limit.
    const huge = await api(admin, 'PATCH', url, { version: 1, bodyMarkdown: '🌙'.repeat(LESSON_BODY_MAX + 1) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe('The lesson text must be at most 100,000 characters');
    const link = await api(admin, 'PATCH', url, { version: 1, videoLink: 'javascript:alert(1)' });
    expect(link.statusCode).toBe(400);
    expect(link.json().error.message).toBe(VIDEO_LINK_INVALID);
    const duration = await api(admin, 'PATCH', url, { version: 1, durationMinutes: 0 });
    expect(duration.json().error.message).toBe('Duration must be at least 1 minute');
    // Past the whole request limit, the server still says why.
    const tooLarge = await api(admin, 'PATCH', url, { version: 1, bodyMarkdown: 'x'.repeat(2 * 1024 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toMatch(/too large/i);
    expect((await api(admin, 'GET', url)).json().version).toBe(1);
  });

  it('takes a video uploaded for this lesson only, lists files, and deletes the video it replaces', async () => {
    const course = await courseWith('Media', ['One', 'Two']);
    const [one, two] = course.lessonIds as [string, string];
    const foreign = (await upload('lesson_video', `lessonId=${two}`, makeMp4(), 'a.mp4')).json();
    const refused = await api(admin, 'PATCH', `/api/admin/lessons/${one}`, { version: 1, videoMediaId: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.videoNotUploaded);

    const first = (await upload('lesson_video', `lessonId=${one}`, makeMp4(), 'first.mp4')).json();
    const file = (await upload('lesson_file', `lessonId=${one}`, PDF, 'workbook.pdf')).json();
    const set = await api(admin, 'PATCH', `/api/admin/lessons/${one}`, { version: 1, videoMediaId: first.id });
    expect(set.json().video).toMatchObject({ id: first.id, kind: 'lesson_video' });
    expect(set.json().files).toEqual([expect.objectContaining({ id: file.id, fileName: 'workbook.pdf' })]);
    expect((await readCourse(course.id)).modules[0].lessons[0]).toMatchObject({ hasVideo: true, fileCount: 1 });

    const next = (await upload('lesson_video', `lessonId=${one}`, makeMp4(), 'second.mp4')).json();
    await api(admin, 'PATCH', `/api/admin/lessons/${one}`, { version: 2, videoMediaId: next.id });
    expect(await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, first.id))).toEqual([]);
    expect(storedFiles(t.config.media.diskRoot as string, first.id)).toEqual([]);

    // An admin removes a lesson file with the media route.
    expect((await api(admin, 'DELETE', `/api/media/${file.id}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', `/api/admin/lessons/${one}`)).json().files).toEqual([]);
  });

  it('keeps the last lesson of a published course, so members never find an empty course', async () => {
    const course = await courseWith('Last one', ['Only']);
    const [only] = course.lessonIds as [string];
    const { version } = await readCourse(course.id);
    await api(admin, 'POST', `/api/admin/courses/${course.id}/status`, { version, status: 'published' });
    const refused = await api(admin, 'DELETE', `/api/admin/lessons/${only}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.lastPublishedLesson);
    expect(ids((await readCourse(course.id)).modules[0].lessons)).toEqual([only]);
    const draft = await api(admin, 'POST', `/api/admin/courses/${course.id}/status`, {
      version: (await readCourse(course.id)).version,
      status: 'draft',
    });
    expect(draft.statusCode).toBe(200);
    expect((await api(admin, 'DELETE', `/api/admin/lessons/${only}`)).statusCode).toBe(200);
  });

  it('deletes a lesson and closes the gap in the positions', async () => {
    const course = await courseWith('Gaps', ['A', 'B', 'C']);
    const [a, b, c] = course.lessonIds as [string, string, string];
    const response = await api(admin, 'DELETE', `/api/admin/lessons/${b}`);
    expect(response.statusCode).toBe(200);
    expect(ids(response.json().modules[0].lessons)).toEqual([a, c]);
    expect(await positions(course.id)).toEqual([
      [a, 1, course.moduleId],
      [c, 2, course.moduleId],
    ]);
    const log = (await api(admin, 'GET', '/api/admin/audit')).json().items;
    expect(log[0]).toMatchObject({ action: 'lesson.delete', targetName: 'B', details: { courseTitle: 'Gaps' } });
  });
});

describe('the audit log of autosaves', () => {
  it('keeps one entry per admin and lesson while she keeps editing, gathering the fields she changed', async () => {
    const course = await courseWith('Audited', ['Typing']);
    const [lesson] = course.lessonIds as [string];
    await api(admin, 'PATCH', `/api/admin/lessons/${lesson}`, { version: 1, bodyMarkdown: 'Fi' });
    await api(admin, 'PATCH', `/api/admin/lessons/${lesson}`, { version: 2, bodyMarkdown: 'First words' });
    await api(admin, 'PATCH', `/api/admin/lessons/${lesson}`, { version: 3, durationMinutes: 12 });
    // Another admin's edit is hers: an entry of its own.
    await api(otherAdmin, 'PATCH', `/api/admin/lessons/${lesson}`, { version: 4, title: 'Typed' });
    const entries = await t.database.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lesson.update'), eq(auditLog.targetId, lesson)))
      .orderBy(asc(auditLog.createdAt));
    expect(entries).toHaveLength(2);
    expect(entries[0]?.actorId).toBe(admin.id);
    expect(((entries[0]?.details ?? {}) as { fields?: string[] }).fields?.sort()).toEqual([
      'bodyMarkdown',
      'durationMinutes',
    ]);
    expect(entries[1]).toMatchObject({ actorId: otherAdmin.id, details: { title: 'Typed', fields: ['title'] } });
  });
});

describe('duplicating a course', () => {
  it('copies modules, lessons, settings and uploads as a new draft', async () => {
    const course = await courseWith('Original', ['Intro', 'Deep']);
    const [intro] = course.lessonIds as [string, string];
    const extra = (await api(admin, 'POST', `/api/admin/courses/${course.id}/modules`, { title: 'Extra' })).json()
      .modules[1];
    await api(admin, 'POST', `/api/admin/modules/${extra.id}/lessons`, { title: 'Later' });
    const video = (await upload('lesson_video', `lessonId=${intro}`, makeMp4(), 'v.mp4')).json();
    const file = (await upload('lesson_file', `lessonId=${intro}`, PDF, 'notes.pdf')).json();
    const picture = (await upload('lesson_image', `lessonId=${intro}`, await makeImage(900, 600), 'p.png')).json();
    await api(admin, 'PATCH', `/api/admin/lessons/${intro}`, {
      version: 1,
      bodyMarkdown: `Read me ![moon](/media/${picture.id}/800)`,
      videoMediaId: video.id,
      isFreePreview: true,
    });
    const cover = (await upload('course_cover', `courseId=${course.id}`, await makeImage(800, 450), 'c.png')).json();
    const { version } = await readCourse(course.id);
    await api(admin, 'PATCH', `/api/admin/courses/${course.id}`, { version, coverMediaId: cover.id, access: 'free' });
    // A picture added to a lesson's text later is the lesson's: the course keeps its cover.
    await upload('lesson_image', `lessonId=${intro}`, await makeImage(600, 400), 'later.png');
    expect((await readCourse(course.id)).cover.id).toBe(cover.id);

    const response = await api(admin, 'POST', `/api/admin/courses/${course.id}/duplicate`);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({ title: 'Original (copy)', status: 'draft', access: 'free', version: 1 });
    expect(copy.id).not.toBe(course.id);
    expect(copy.modules.map((module: { title: string }) => module.title)).toEqual(['Module 1', 'Extra']);
    const copiedLessons = copy.modules[0].lessons;
    expect(copiedLessons.map((lesson: { title: string }) => lesson.title)).toEqual(['Intro', 'Deep']);
    // Each copied lesson sits in the copy of its own module.
    expect(copy.modules[1].lessons.map((lesson: { title: string }) => lesson.title)).toEqual(['Later']);
    expect(copy.modules[1].id).not.toBe(extra.id);
    expect(copiedLessons[0].id).toMatch(new RegExp(`^${copy.id}-\\d+$`));
    expect(copiedLessons[0]).toMatchObject({ isFreePreview: true, hasVideo: true, fileCount: 1 });
    expect(copy.cover.id).not.toBe(cover.id);

    const lesson = (await api(admin, 'GET', `/api/admin/lessons/${copiedLessons[0].id}`)).json();
    // The copied text shows the copied picture, not the original's.
    const copiedPicture = /\/media\/([\w-]+)\/800/.exec(lesson.bodyMarkdown)?.[1];
    expect(copiedPicture).toBeDefined();
    expect(copiedPicture).not.toBe(picture.id);
    expect(lesson.bodyMarkdown).toBe(`Read me ![moon](/media/${copiedPicture}/800)`);
    expect(storedFiles(t.config.media.diskRoot as string, copiedPicture as string)).toEqual(
      storedFiles(t.config.media.diskRoot as string, picture.id),
    );
    expect(lesson.video.id).not.toBe(video.id);
    expect(lesson.files[0]).toMatchObject({ fileName: 'notes.pdf' });
    expect(lesson.files[0].id).not.toBe(file.id);
    const root = t.config.media.diskRoot as string;
    expect(storedFiles(root, lesson.video.id)).toEqual(storedFiles(root, video.id));
    expect(storedFiles(root, copy.cover.id)).toEqual(storedFiles(root, cover.id));
    const served = await t.request({ method: 'GET', url: `/media/${lesson.files[0].id}`, cookie: admin.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);

    // The copy is its own: deleting it leaves the original's files.
    expect((await api(admin, 'DELETE', `/api/admin/courses/${copy.id}`)).statusCode).toBe(204);
    expect(storedFiles(root, video.id).length).toBeGreaterThan(0);
    expect((await readCourse(course.id)).cover.id).toBe(cover.id);
  });
});
