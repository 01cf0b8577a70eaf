import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DEFAULT_UPLOAD_LIMITS,
  FILE_EMPTY,
  fileTooLargeMessage,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  type Media,
  type MediaKind,
  TOO_MANY_UNPOSTED_IMAGES,
  TOO_MANY_UPLOADS_AT_ONCE,
  UNPOSTED_IMAGES_MAX,
  UPLOADS_IN_FLIGHT_MAX,
  wrongTypeMessage,
} from '@lunara/shared/media';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GPS_PHOTO,
  incomingFiles,
  makeImage,
  makeMp4,
  makePngBomb,
  PDF,
  readGpsTags,
  storedFiles,
  storedPrefixes,
} from '../../../test/fixtures/media-files.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { mediaFiles } from '../../db/schema/media.ts';
import { profiles } from '../../db/schema/members.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { processMediaDeletions } from './housekeeping.ts';
import { ONLY_ADMINS_UPLOAD_COURSE_MEDIA, SEND_RAW_FILE } from './upload-rules.ts';

const LESSON_FILE_LIMIT = 50_000;
let t: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'lunara-uploads-test-'));
  t = await createTestApp({
    media: {
      diskRoot: root,
      s3: undefined,
      uploadLimits: { ...DEFAULT_UPLOAD_LIMITS, lesson_file: LESSON_FILE_LIMIT },
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

interface UploadOptions {
  name?: string;
  query?: string;
  headers?: Record<string, string>;
}
function upload(
  who: TestMember | undefined,
  kind: MediaKind | string,
  body: Buffer | Readable,
  options: UploadOptions = {},
) {
  return t.request({
    method: 'POST',
    url: `/api/media/${kind}${options.query ?? ''}`,
    cookie: who?.cookie,
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(options.name ?? 'photo.jpg'),
      ...options.headers,
    },
    payload: body,
  });
}

/** A lesson file upload that sends its first 10 kB of 40 kB and then nothing more, on its own socket. */
let listening: Promise<string> | undefined;
async function startStalledUpload(owner: TestMember): Promise<net.Socket> {
  listening ??= t.listen();
  const baseUrl = new URL(await listening);
  const socket = net.connect(Number(baseUrl.port), baseUrl.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'POST /api/media/lesson_file?lessonId=1-3 HTTP/1.1',
      `Host: ${baseUrl.host}`,
      'Origin: http://localhost:3000',
      `Cookie: ${owner.cookie}`,
      'Content-Type: application/octet-stream',
      'Content-Length: 40000',
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(Buffer.concat([PDF, Buffer.alloc(10_000, 1)]));
  return socket;
}

async function admin() {
  const member = await t.signUp();
  await grantRoleByEmail(t.database.db, member.email, 'admin');
  return member;
}
const rowsOf = (ownerId: string) => t.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, ownerId));
const readyIds = async () =>
  (await t.database.db.select({ id: mediaFiles.id }).from(mediaFiles)).map((row) => row.id).sort();

/** After a refused upload: no row of hers, nothing stored for it, nothing half-written. */
async function expectNothingLeft(member: TestMember) {
  expect(await rowsOf(member.id)).toEqual([]);
  await processMediaDeletions(t.database.db, t.app.mediaStorage);
  expect(storedPrefixes(root)).toEqual(await readyIds());
  expect(incomingFiles(root)).toEqual([]);
}

describe('uploading an avatar', () => {
  it('stores every size and format and makes it her avatar at once', async () => {
    const member = await t.signUp();
    const response = await upload(member, 'avatar', await makeImage(800, 600, 'jpeg'), { name: 'me.jpg' });
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json() as Media;
    expect(media).toMatchObject({
      kind: 'avatar',
      url: `/media/${media.id}`,
      contentType: 'image/jpeg',
      width: 256,
      height: 192,
      fileName: 'me.jpg',
    });
    expect(storedFiles(root, media.id)).toEqual(
      ['128', '256', '64'].flatMap((width) => [`${width}.avif`, `${width}.jpg`, `${width}.webp`]),
    );
    const [row] = await rowsOf(member.id);
    expect(row).toMatchObject({ status: 'ready', byteSize: media.byteSize });
    expect(media.byteSize).toBe(row?.variants.reduce((sum, variant) => sum + variant.bytes, 0));
    const me = (await t.api(member, 'GET', '/api/me')).json();
    expect(me.user.profile.avatarUrl).toBe(`/media/${media.id}`);
  });

  it('replaces her previous avatar, whose files are then deleted', async () => {
    const member = await t.signUp();
    const first = (await upload(member, 'avatar', await makeImage(300, 300, 'png'))).json() as Media;
    const second = (await upload(member, 'avatar', await makeImage(300, 300, 'webp'))).json() as Media;
    expect((await rowsOf(member.id)).map((row) => row.id)).toEqual([second.id]);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile?.avatarUrl).toBe(`/media/${second.id}`);
    await processMediaDeletions(t.database.db, t.app.mediaStorage);
    expect(storedFiles(root, first.id)).toEqual([]);
    expect(storedFiles(root, second.id)).toHaveLength(9);
  });

  it('leaves exactly one avatar and no orphan when two uploads race', async () => {
    const member = await t.signUp();
    const [a, b] = await Promise.all([
      upload(member, 'avatar', await makeImage(500, 500, 'jpeg')),
      upload(member, 'avatar', await makeImage(600, 600, 'png')),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(1);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile?.avatarUrl).toBe(`/media/${rows[0]?.id}`);
    await processMediaDeletions(t.database.db, t.app.mediaStorage);
    const loser = [a?.json().id, b?.json().id].find((id) => id !== rows[0]?.id);
    expect(storedFiles(root, loser)).toEqual([]);
    expect(storedPrefixes(root)).toEqual(await readyIds());
  });
});

describe('images', () => {
  it('strips EXIF and GPS from every stored variant of a phone photo', async () => {
    const photo = readFileSync(GPS_PHOTO);
    // The fixture does carry a position: the test below could fail.
    const original = await sharp(photo).metadata();
    expect(readGpsTags(original.exif)).toMatchObject({ 1: 'N', 2: [48, 51, 29.5], 3: 'E', 4: [2, 17, 40] });
    expect(photo.includes('LunaraTestPhone')).toBe(true);

    const member = await t.signUpSubscriber();
    const media = (await upload(member, 'post_image', photo)).json() as Media;
    const [row] = await rowsOf(member.id);
    expect(row?.variants.map((variant) => variant.name).sort()).toEqual(
      ['340', '680', '800'].flatMap((width) => [`${width}.avif`, `${width}.jpg`, `${width}.webp`]).sort(),
    );
    for (const variant of row?.variants ?? []) {
      const bytes = readFileSync(path.join(root, media.id, variant.name));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, variant.name).toBeUndefined();
      expect(readGpsTags(metadata.exif)).toEqual({});
      expect(bytes.includes('LunaraTestPhone'), variant.name).toBe(false);
      expect(bytes.includes('Exif\0\0'), variant.name).toBe(false);
      expect(metadata.width).toBe(variant.width);
    }
  });

  it('applies the EXIF orientation before resizing', async () => {
    const member = await t.signUpSubscriber();
    // 400 x 200 stored, shown rotated a quarter turn (orientation 6): 200 x 400 upright.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const media = (await upload(member, 'post_image', sideways)).json() as Media;
    expect([media.width, media.height]).toEqual([200, 400]);
  });

  it('keeps transparency: the fallback of an image with alpha is a PNG', async () => {
    const member = await t.signUpSubscriber();
    const media = (await upload(member, 'post_image', await makeImage(100, 80, 'png', true))).json() as Media;
    expect(media).toMatchObject({ contentType: 'image/png', width: 100, height: 80 });
    expect(storedFiles(root, media.id)).toEqual(['100.avif', '100.png', '100.webp']);
  });

  it('makes an animated GIF its first frame', async () => {
    const member = await t.signUpSubscriber();
    const frames = await sharp({ create: { width: 50, height: 100, channels: 3, background: '#aa3366' } })
      .gif()
      .toBuffer();
    const animated = await sharp(frames, { pages: -1 }).gif({ loop: 0 }).toBuffer();
    const media = (await upload(member, 'post_image', animated)).json() as Media;
    expect(media).toMatchObject({ width: 50, height: 100 });
  });
});

describe('bad input changes nothing', () => {
  it('refuses a zero-byte file', async () => {
    const member = await t.signUp();
    const response = await upload(member, 'avatar', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(FILE_EMPTY);
    await expectNothingLeft(member);
  });

  it('refuses a PDF renamed .jpg as an avatar, whatever the name and header say', async () => {
    const member = await t.signUp();
    const response = await upload(member, 'avatar', PDF, {
      name: 'selfie.jpg',
      headers: { 'x-content-type': 'image/jpeg' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: wrongTypeMessage('avatar') });
    await expectNothingLeft(member);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const member = await t.signUp();
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(1000);
    const response = await upload(member, 'avatar', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(IMAGE_TOO_MANY_PIXELS);
    await expectNothingLeft(member);
  });

  it('refuses an image that starts like a JPEG and is not one', async () => {
    const member = await t.signUp();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    const response = await upload(member, 'avatar', fake);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(IMAGE_UNREADABLE);
    await expectNothingLeft(member);
  });

  it('refuses a file over the limit: at once when Content-Length says so, else as soon as it is passed', async () => {
    const owner = await admin();
    const big = Buffer.concat([PDF, Buffer.alloc(LESSON_FILE_LIMIT)]);
    const declared = await upload(owner, 'lesson_file', big, { query: '?lessonId=1-1', name: 'big.pdf' });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.message).toBe(fileTooLargeMessage('lesson_file', LESSON_FILE_LIMIT));
    expect(declared.headers.connection).toBe('close');

    // Sent in chunks without a length: counted as it arrives.
    let sent = 0;
    const chunked = Readable.from(
      (function* () {
        yield PDF;
        for (let i = 0; i < 100; i++) {
          sent += 1000;
          yield Buffer.alloc(1000);
        }
      })(),
    );
    const streamed = await upload(owner, 'lesson_file', chunked, { query: '?lessonId=1-1', name: 'big.pdf' });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.message).toBe(fileTooLargeMessage('lesson_file', LESSON_FILE_LIMIT));
    await expectNothingLeft(owner);

    // Exactly at the limit is fine.
    const fits = Buffer.concat([PDF, Buffer.alloc(LESSON_FILE_LIMIT - PDF.length)]);
    const accepted = await upload(owner, 'lesson_file', fits, { query: '?lessonId=1-1', name: 'fits.pdf' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ byteSize: LESSON_FILE_LIMIT, contentType: 'application/pdf' });
    expect(sent).toBeGreaterThan(0);
  });

  it('keeps a cleaned name for display only: path tricks never reach storage', async () => {
    const owner = await admin();
    const tricks = ['../../../../etc/passwd', '..\\..\\boot.ini', '/tmp/../x.pdf', `work\u0000sheet\u202E.pdf`];
    const names: string[] = [];
    for (const name of tricks) {
      const response = await upload(owner, 'lesson_file', PDF, { query: '?lessonId=1-2', name });
      expect(response.statusCode, response.body).toBe(201);
      const media = response.json() as Media;
      names.push(media.fileName);
      expect(storedFiles(root, media.id)).toEqual(['original.pdf']);
    }
    expect(names).toEqual(['passwd', 'boot.ini', 'x.pdf', 'worksheet.pdf']);
    expect(storedPrefixes(root)).toEqual(await readyIds());
  });

  it('refuses a body that is not a raw file', async () => {
    const member = await t.signUp();
    const response = await t.request({
      method: 'POST',
      url: '/api/media/avatar',
      cookie: member.cookie,
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(SEND_RAW_FILE);
    await expectNothingLeft(member);
  });

  it('leaves nothing behind when the client goes away mid-upload', async () => {
    const owner = await admin();
    const socket = await startStalledUpload(owner);
    // The upload has started: its row exists and bytes are on their way to storage.
    for (let i = 0; i < 100 && (await rowsOf(owner.id)).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await rowsOf(owner.id)).map((row) => row.status)).toEqual(['uploading']);
    socket.destroy();
    for (let i = 0; i < 100 && (await rowsOf(owner.id)).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    await expectNothingLeft(owner);
  });
});

describe('who may upload what', () => {
  it('checks the kind against her role before reading the file', async () => {
    const visitorAvatar = await upload(undefined, 'avatar', await makeImage(10, 10));
    expect(visitorAvatar.statusCode).toBe(401);
    const free = await t.signUp();
    expect((await upload(free, 'post_image', await makeImage(10, 10))).statusCode).toBe(403);
    const subscriber = await t.signUpSubscriber();
    expect((await upload(subscriber, 'post_image', await makeImage(10, 10))).statusCode).toBe(201);
    const cover = await upload(subscriber, 'course_cover', await makeImage(10, 10), { query: '?courseId=1' });
    expect(cover.statusCode).toBe(403);
    expect(cover.json().error.message).toBe(ONLY_ADMINS_UPLOAD_COURSE_MEDIA);
    const video = await upload(subscriber, 'lesson_video', makeMp4(), { query: '?lessonId=1-1' });
    expect(video.statusCode).toBe(403);
    expect((await upload(free, 'sticker', await makeImage(10, 10))).statusCode).toBe(404);
  });

  it('lets admins add course covers (replacing the one before) and lesson media', async () => {
    const owner = await admin();
    expect((await upload(owner, 'course_cover', await makeImage(10, 10))).statusCode).toBe(400);
    expect((await upload(owner, 'course_cover', await makeImage(10, 10), { query: '?courseId=999' })).statusCode).toBe(
      404,
    );
    const first = (await upload(owner, 'course_cover', await makeImage(1000, 500), { query: '?courseId=2' })).json();
    const second = (await upload(owner, 'course_cover', await makeImage(1000, 500), { query: '?courseId=2' })).json();
    const covers = await t.database.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.courseId, 2), eq(mediaFiles.kind, 'course_cover')));
    expect(covers.map((row) => row.id)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);

    expect((await upload(owner, 'lesson_video', makeMp4(), { query: '?lessonId=no-such' })).statusCode).toBe(404);
    const video = await upload(owner, 'lesson_video', makeMp4(), { query: '?lessonId=1-1', name: 'Lesson 1.mp4' });
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json()).toMatchObject({ kind: 'lesson_video', contentType: 'video/mp4', width: null });
    // Attached to the lesson, with the lesson's course.
    expect(await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, video.json().id))).toMatchObject([
      { lessonId: '1-1', courseId: 1, status: 'ready', fileName: 'Lesson 1.mp4' },
    ]);
    const pdfAsVideo = await upload(owner, 'lesson_video', PDF, { query: '?lessonId=1-1' });
    expect(pdfAsVideo.statusCode).toBe(415);
    expect(pdfAsVideo.json().error.message).toBe(wrongTypeMessage('lesson_video'));
  });

  it('limits how many uploads a member starts per minute', async () => {
    const member = await t.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(member, 'avatar', Buffer.alloc(0))).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another member is not held back by her.
    expect((await upload(await t.signUp(), 'avatar', Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('lets one member run only a few uploads at once, so stalled ones cannot pile up', async () => {
    const owner = await admin();
    const sockets = await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT_MAX }, () => startStalledUpload(owner)));
    try {
      for (let i = 0; i < 100 && (await rowsOf(owner.id)).length < UPLOADS_IN_FLIGHT_MAX; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await rowsOf(owner.id)).toHaveLength(UPLOADS_IN_FLIGHT_MAX);
      const refused = await upload(owner, 'lesson_file', PDF, { query: '?lessonId=1-3', name: 'notes.pdf' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(TOO_MANY_UPLOADS_AT_ONCE);
      expect(await rowsOf(owner.id)).toHaveLength(UPLOADS_IN_FLIGHT_MAX);
      // Another admin is not held back by her.
      const other = await upload(await admin(), 'lesson_file', PDF, { query: '?lessonId=1-3', name: 'notes.pdf' });
      expect(other.statusCode).toBe(201);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    for (let i = 0; i < 100 && (await rowsOf(owner.id)).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await rowsOf(owner.id)).toEqual([]);
    // Each stalled upload frees its place once its stored parts are deleted too, a moment after its row.
    let again = await upload(owner, 'lesson_file', PDF, { query: '?lessonId=1-3', name: 'notes.pdf' });
    for (let i = 0; i < 100 && again.statusCode === 429; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await upload(owner, 'lesson_file', PDF, { query: '?lessonId=1-3', name: 'notes.pdf' });
    }
    expect(again.statusCode).toBe(201);
  });

  it('keeps at most a few post images waiting to be posted per member', async () => {
    const member = await t.signUpSubscriber();
    await t.database.db.insert(mediaFiles).values(
      Array.from({ length: UNPOSTED_IMAGES_MAX }, () => ({
        ownerId: member.id,
        kind: 'post_image' as const,
        status: 'ready' as const,
      })),
    );
    const refused = await upload(member, 'post_image', await makeImage(40, 40));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY_UNPOSTED_IMAGES);
    expect(await rowsOf(member.id)).toHaveLength(UNPOSTED_IMAGES_MAX);
    const [one] = await rowsOf(member.id);
    await t.database.db.delete(mediaFiles).where(eq(mediaFiles.id, one?.id as string));
    expect((await upload(member, 'post_image', await makeImage(40, 40))).statusCode).toBe(201);
  });
});
