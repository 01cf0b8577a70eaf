import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { DEFAULT_UPLOAD_LIMITS, fileTooLargeMessage, type Media } from '@lunara/shared/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4, PDF } from '../../../../test/fixtures/media-files.ts';
import { startS3Server, type TestS3Server } from '../../../../test/s3-server.ts';
import { freePort } from '../../../../test/server-process.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../../test/test-app.ts';
import { mediaDeletions, mediaFiles } from '../../../db/schema/media.ts';
import { grantRoleByEmail } from '../../roles/service.ts';
import { processMediaDeletions } from '../housekeeping.ts';
import { S3_PART_SIZE } from './s3-storage.ts';

// The whole app with S3_BUCKET set, against s3rver: what an admin uploads lands in the bucket (and
// nowhere on the disk), members read it through the checked route, and deleting it empties the bucket.
const VIDEO_LIMIT = S3_PART_SIZE + 1_000_000;
let s3: TestS3Server;
let t: TestApp;
let diskRoot: string;
let admin: TestMember;
let member: TestMember;
let outsider: TestMember;

beforeAll(async () => {
  s3 = await startS3Server();
  diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-s3-api-'));
  t = await createTestApp({
    media: { diskRoot, s3: s3.config, uploadLimits: { ...DEFAULT_UPLOAD_LIMITS, lesson_video: VIDEO_LIMIT } },
  });
  admin = await t.signUp();
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
  member = await t.signUpSubscriber();
  outsider = await t.signUp();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (diskRoot) fs.rmSync(diskRoot, { recursive: true, force: true });
});

function upload(who: TestMember, kind: string, body: Buffer, query: string, name: string) {
  return t.request({
    method: 'POST',
    url: `/api/media/${kind}${query}`,
    cookie: who.cookie,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: body,
  });
}

const keysOf = (id: string) => s3.objectKeys().filter((key) => key.startsWith(`${id}/`));

describe('media in an S3 bucket', () => {
  it('stores a lesson file in the bucket, serves a Range to a member with access, and empties the bucket once deleted', async () => {
    // Larger than a part, so it goes up as a multipart upload through the route.
    const workbook = Buffer.concat([PDF, Buffer.alloc(S3_PART_SIZE + 500_000, 0x20)]);
    for (let at = PDF.length; at < workbook.length; at += 4096) workbook[at] = at % 251;
    const startedBefore = s3.startedUploads();
    const response = await upload(admin, 'lesson_file', workbook, '?lessonId=1-1', 'Moon journal.pdf');
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json() as Media;
    expect(media).toMatchObject({ kind: 'lesson_file', byteSize: workbook.length, contentType: 'application/pdf' });
    expect(s3.startedUploads()).toBeGreaterThan(startedBefore);
    expect(keysOf(media.id)).not.toEqual([]);
    expect(s3.unfinishedUploads()).toEqual([]);
    // Nothing of it on the local disk: another process on another machine serves it as well.
    expect(fs.existsSync(path.join(diskRoot, media.id))).toBe(false);

    const start = S3_PART_SIZE - 50;
    const ranged = await t.request({
      method: 'GET',
      url: media.url,
      cookie: member.cookie,
      headers: { range: `bytes=${start}-${start + 99}` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${start}-${start + 99}/${workbook.length}`);
    expect(ranged.rawPayload.equals(workbook.subarray(start, start + 100))).toBe(true);
    const whole = await t.request({ method: 'GET', url: media.url, cookie: member.cookie });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(workbook)).toBe(true);
    // A copied link does nothing for someone without the course.
    expect((await t.request({ method: 'GET', url: media.url, cookie: outsider.cookie })).statusCode).toBe(403);

    const deleted = await t.request({ method: 'DELETE', url: `/api/media/${media.id}`, cookie: admin.cookie });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await processMediaDeletions(t.database.db, t.app.mediaStorage);
    expect(keysOf(media.id)).toEqual([]);
    expect((await t.request({ method: 'GET', url: media.url, cookie: member.cookie })).statusCode).toBe(404);
  });

  it('deletes from the bucket, by the deletion job, a file whose row went with its lesson or course', async () => {
    const response = await upload(admin, 'lesson_video', makeMp4(300_000), '?lessonId=1-1', 'Welcome.mp4');
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as Media;
    expect(keysOf(id)).not.toEqual([]);
    // As a cascade from the lesson does: the row goes, the trigger queues its files.
    await t.database.db.delete(mediaFiles).where(eq(mediaFiles.id, id));
    expect(keysOf(id)).not.toEqual([]);
    await processMediaDeletions(t.database.db, t.app.mediaStorage);
    expect(keysOf(id)).toEqual([]);
    expect(await t.database.db.select().from(mediaDeletions).where(eq(mediaDeletions.mediaId, id))).toEqual([]);
  });

  it('leaves no object and no unfinished multipart upload when an upload is refused part-way', async () => {
    const startedBefore = s3.startedUploads();
    // Over the limit by a little: refused once the limit is passed, after the first part went up.
    const video = makeMp4(VIDEO_LIMIT + 100_000);
    const response = await t.request({
      method: 'POST',
      url: '/api/media/lesson_video?lessonId=1-1',
      cookie: admin.cookie,
      // No Content-Length, so the limit is found while streaming rather than from the header.
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      payload: Readable.from(
        (function* () {
          for (let at = 0; at < video.length; at += 65_536) yield video.subarray(at, at + 65_536);
        })(),
      ),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(fileTooLargeMessage('lesson_video', VIDEO_LIMIT));
    await processMediaDeletions(t.database.db, t.app.mediaStorage);
    expect(s3.startedUploads()).toBeGreaterThan(startedBefore);
    expect(s3.unfinishedUploads()).toEqual([]);
    const rows = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, admin.id));
    expect(s3.objectKeys().filter((key) => !rows.some((row) => key.startsWith(`${row.id}/`)))).toEqual([]);
  });
});

describe('a server whose bucket cannot be used', () => {
  it('exits 1 at start with one line naming the bucket and the endpoint', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-s3-refused-'));
    const root = path.resolve(import.meta.dirname, '../../../../../..');
    const outcome = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(await freePort()),
        DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
        S3_BUCKET: 'no-such-bucket',
        S3_ENDPOINT: s3.config.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(outcome.code).toBe(1);
    const lines = outcome.stderr.trim().split('\n');
    expect(lines.at(-1)).toBe(`Cannot use the S3 bucket "no-such-bucket" at ${s3.config.endpoint}: it does not exist`);
    // No stack trace.
    expect(outcome.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});
