import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Media, MediaKind } from '@lunara/shared/media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, makeMp4, PDF } from '../../../test/fixtures/media-files.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { courses } from '../../db/schema/courses.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
let owner: TestMember;
let subscriber: TestMember;
let free: TestMember;
let video: Media;
let workbook: Media;
let cover: Media;
let avatar: Media;
const VIDEO = makeMp4(200_000);

async function upload(who: TestMember, kind: MediaKind, body: Buffer, query = '', name = 'file') {
  const response = await t.request({
    method: 'POST',
    url: `/api/media/${kind}${query}`,
    cookie: who.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as Media;
}
const get = (url: string, who?: TestMember, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, cookie: who?.cookie, headers });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await grantRoleByEmail(t.database.db, owner.email, 'admin');
  subscriber = await t.signUpSubscriber();
  free = await t.signUp();
  video = await upload(owner, 'lesson_video', VIDEO, '?lessonId=1-1', 'Welcome.mp4');
  workbook = await upload(owner, 'lesson_file', PDF, '?lessonId=1-2', 'Moon journal – Übungen.pdf');
  cover = await upload(owner, 'course_cover', await makeImage(1000, 500, 'jpeg'), '?courseId=1');
  avatar = await upload(free, 'avatar', await makeImage(300, 300, 'jpeg'));
  // Course 1 is taken in order: the workbook's lesson 1-2 opens once 1-1 is complete.
  await t.api(subscriber, 'POST', '/api/courses/1/lessons/1-1/complete');
});
afterAll(async () => t?.close());

describe('who may read what', () => {
  it('shows course covers to everyone, cached for good', async () => {
    const response = await get(cover.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('shows avatars to signed-in accounts only', async () => {
    expect((await get(avatar.url)).statusCode).toBe(401);
    expect((await get(avatar.url, subscriber)).statusCode).toBe(200);
    expect((await get(avatar.url, free)).headers['cache-control']).toBe('private, max-age=3600');
  });

  it('shows lesson media to members with access to the course; a copied link does not work for anyone else', async () => {
    expect((await get(video.url, subscriber)).statusCode).toBe(200);
    expect((await get(video.url, owner)).statusCode).toBe(200);
    expect((await get(video.url)).statusCode).toBe(401);
    const copied = await get(video.url, free);
    expect(copied.statusCode).toBe(403);
    expect(copied.body).not.toContain('ftyp');
    expect((await get(workbook.url, free)).statusCode).toBe(403);
    // A member reads a lesson's files once the lesson is open to her (the lesson before it complete).
    const newcomer = await t.signUpSubscriber();
    const locked = await get(workbook.url, newcomer);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe('Complete the previous lesson first');
    expect((await get(workbook.url, subscriber)).statusCode).toBe(200);
    // An unpublished course's media is for admins only.
    await t.database.db.update(courses).set({ isPublished: false }).where(eq(courses.id, 1));
    try {
      expect((await get(video.url, subscriber)).statusCode).toBe(403);
      expect((await get(video.url, owner)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(courses).set({ isPublished: true }).where(eq(courses.id, 1));
    }
  });

  it('shows a post image to community members once posted, and before that to its owner alone', async () => {
    const author = await t.signUpSubscriber();
    const image = await upload(author, 'post_image', await makeImage(400, 300, 'png'));
    expect((await get(image.url, author)).statusCode).toBe(200);
    expect((await get(image.url, subscriber)).statusCode).toBe(404);
    const post = (await t.api(author, 'POST', '/api/posts', { title: 'Full moon', content: 'Look' })).json();
    await t.database.db.update(mediaFiles).set({ postId: post.id, position: 0 }).where(eq(mediaFiles.id, image.id));
    expect((await get(image.url, subscriber)).statusCode).toBe(200);
    expect((await get(image.url, free)).statusCode).toBe(403);
    expect((await get(image.url)).statusCode).toBe(401);
  });

  it('answers 404 for unknown, unfinished and malformed ids', async () => {
    expect((await get('/media/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
    expect((await get('/media/..%2F..%2Fetc%2Fpasswd', owner)).statusCode).toBe(404);
    expect((await get(`${cover.url}/../../x`, owner)).statusCode).toBe(404);
    const [unfinished] = await t.database.db
      .insert(mediaFiles)
      .values({ ownerId: owner.id, kind: 'course_cover', courseId: 1 })
      .returning({ id: mediaFiles.id });
    expect((await get(`/media/${unfinished?.id}`, owner)).statusCode).toBe(404);
  });
});

describe('images', () => {
  it('negotiates the format on Accept, varying on it', async () => {
    const cases: Array<[string, string]> = [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ];
    for (const [accept, type] of cases) {
      const response = await get(cover.url, undefined, { accept });
      expect(response.headers['content-type'], accept).toBe(type);
      expect(response.headers.vary).toContain('Accept');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(1000);
    }
  });

  it('serves the stored widths and no others', async () => {
    expect((await get(`${cover.url}/400`)).statusCode).toBe(200);
    expect((await sharp((await get(`${cover.url}/800`)).rawPayload).metadata()).width).toBe(800);
    // A listed width past the upload: the largest stored (the upload's own width).
    expect((await sharp((await get(`${cover.url}/1600`)).rawPayload).metadata()).width).toBe(1000);
    expect((await get(`${cover.url}/500`)).statusCode).toBe(404);
    expect((await get(`${cover.url}/abc`)).statusCode).toBe(404);
    expect((await get(`${video.url}/400`, owner)).statusCode).toBe(404);
  });
});

describe('files and videos', () => {
  it('sends the sniffed type, the size, and a download name for lesson files', async () => {
    const response = await get(workbook.url, subscriber);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(PDF.length));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Moon journal _ _bungen.pdf"; filename*=UTF-8''Moon%20journal%20%E2%80%93%20%C3%9Cbungen.pdf`,
    );
    expect(response.rawPayload.equals(PDF)).toBe(true);
    const played = await get(video.url, subscriber);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('downloads a lesson file with the extension of its real type, not the one it was uploaded with', async () => {
    const disguised = await upload(owner, 'lesson_file', PDF, '?lessonId=1-2', 'notes.html');
    const response = await get(disguised.url, subscriber);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="notes.html.pdf"; filename*=UTF-8''notes.html.pdf`,
    );
  });

  it('answers a single Range with 206, and one past the end with 416', async () => {
    const first = await get(video.url, subscriber, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${VIDEO.length}`);
    expect(first.headers['accept-ranges']).toBe('bytes');
    expect(first.rawPayload.equals(VIDEO.subarray(0, 100))).toBe(true);
    const middle = await get(video.url, subscriber, { range: 'bytes=150000-' });
    expect(middle.rawPayload.equals(VIDEO.subarray(150_000))).toBe(true);
    const last = await get(video.url, subscriber, { range: 'bytes=-10' });
    expect(last.headers['content-range']).toBe(`bytes ${VIDEO.length - 10}-${VIDEO.length - 1}/${VIDEO.length}`);
    expect(last.rawPayload.equals(VIDEO.subarray(-10))).toBe(true);
    const past = await get(video.url, subscriber, { range: `bytes=${VIDEO.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
    // Without access, a range tells nothing either.
    expect((await get(video.url, free, { range: 'bytes=0-99' })).statusCode).toBe(403);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await t.request({ method: 'HEAD', url: video.url, cookie: subscriber.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(VIDEO.length));
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.rawPayload.length).toBe(0);
    expect((await t.request({ method: 'HEAD', url: video.url, cookie: free.cookie })).statusCode).toBe(403);
  });

  it('answers a repeat with 304 on its ETag', async () => {
    const first = await get(video.url, subscriber);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(video.url, subscriber, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(video.url, free, { 'if-none-match': etag })).statusCode).toBe(403);
  });

  it('carries the data headers: no sniffing, nothing runs, not framed', async () => {
    const response = await get(workbook.url, subscriber);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('beside the web app', () => {
  it('answers /media addresses as files, never with a page of the app', async () => {
    // A built web app in miniature, whose fallback serves a page for every other GET.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-media-pages-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'pages.json'), JSON.stringify([{ path: '*', files: [], prerender: null }]));
    const withPages = await createTestApp({}, { webDist: dist });
    try {
      expect((await withPages.request({ method: 'GET', url: '/no/such/page' })).headers['content-type']).toContain(
        'text/html',
      );
      for (const url of ['/media/00000000-0000-4000-8000-000000000000', '/media/a/b/c', '/media/x/640']) {
        const response = await withPages.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
        expect(response.headers['content-security-policy'], url).toContain("default-src 'none'");
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      }
    } finally {
      await withPages.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
