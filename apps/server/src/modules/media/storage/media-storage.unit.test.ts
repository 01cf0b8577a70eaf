import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { DEFAULT_UPLOAD_LIMITS } from '@lunara/shared/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../../test/s3-server.ts';
import { ConfigError, type S3Config } from '../../../config.ts';
import { createMediaStorage } from './create-media-storage.ts';
import { MediaNotFoundError, type MediaStorage } from './media-storage.ts';
import { createS3Client, S3_PART_SIZE } from './s3-storage.ts';

/** What each backend lets the test see of the store behind the interface. */
interface Backend {
  storage: MediaStorage;
  /** Every stored key. */
  storedKeys(): string[];
  /** Writes begun and not finished: temporary files on disk, multipart uploads in S3. */
  unfinished(): string[];
  /** Requests sent to the store, where they can be counted (S3). */
  requests?: () => number;
  /** Multipart uploads started (S3). */
  startedUploads?: () => number;
  close(): Promise<void>;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-media-storage-'));

async function startDisk(): Promise<Backend> {
  const parent = tempDir();
  const root = path.join(parent, 'media');
  const storage = await createMediaStorage({ diskRoot: root, s3: undefined, uploadLimits: DEFAULT_UPLOAD_LIMITS });
  const incoming = path.join(root, '.incoming');
  return {
    storage,
    storedKeys: () =>
      walk(root)
        .filter((file) => !file.startsWith(incoming + path.sep))
        .map((file) => path.relative(root, file).split(path.sep).join('/'))
        .sort(),
    unfinished: () => walk(incoming),
    async close() {
      await storage.close();
      // Anything written outside the store's folder would show up here.
      expect(fs.readdirSync(parent)).toEqual(['media']);
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}

async function startS3(): Promise<Backend> {
  const server: TestS3Server = await startS3Server();
  const storage = await createMediaStorage({
    diskRoot: tempDir(),
    s3: server.config,
    uploadLimits: DEFAULT_UPLOAD_LIMITS,
  });
  return {
    storage,
    storedKeys: () => server.objectKeys(),
    unfinished: () => server.unfinishedUploads(),
    requests: () => server.requests(),
    startedUploads: () => server.startedUploads(),
    async close() {
      await storage.close();
      await server.close();
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `bytes` as a stream of 64 KB chunks, as an HTTP request body arrives. */
function streamOf(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
    })(),
  );
}

/** A body that sends `before` bytes and then fails, like a client that goes away mid-upload. */
function failingStream(before: number, error: Error): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < before; sent += 65_536) yield Buffer.alloc(Math.min(65_536, before - sent), 1);
      throw error;
    })(),
  );
}

// More than two parts, so the S3 upload is multipart and the ranges below cross a part boundary.
const LARGE = S3_PART_SIZE * 2 + 12_345;

describe.each([
  { name: 'local disk', start: startDisk },
  { name: 'S3 (s3rver)', start: startS3 },
])('media storage on $name', ({ start }) => {
  let backend: Backend;
  let storage: MediaStorage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(async () => backend?.close());

  it('gives back exactly the bytes stored, from a buffer or a stream of several parts', async () => {
    const id = randomUUID();
    const small = randomBytes(1000);
    const large = randomBytes(LARGE);
    await storage.put(`${id}/small.bin`, small, 'application/octet-stream');
    await storage.put(`${id}/large.bin`, streamOf(large), 'application/octet-stream');
    expect((await readAll(await storage.get(`${id}/small.bin`))).equals(small)).toBe(true);
    expect((await readAll(await storage.get(`${id}/large.bin`))).equals(large)).toBe(true);
    expect(backend.storedKeys()).toEqual(expect.arrayContaining([`${id}/small.bin`, `${id}/large.bin`]));
    if (backend.startedUploads) expect(backend.startedUploads()).toBeGreaterThan(0);
  });

  it('serves byte ranges: the first byte, a middle stretch across a part boundary, the last byte', async () => {
    const id = randomUUID();
    const bytes = randomBytes(LARGE);
    await storage.put(`${id}/video.mp4`, streamOf(bytes), 'video/mp4');
    // Compared as hex of the few bytes wanted (a whole-file answer would fail on its length first).
    const range = async (start: number, end: number) => {
      const got = await readAll(await storage.get(`${id}/video.mp4`, { start, end }));
      expect(got.length).toBe(end - start + 1);
      return got.toString('hex');
    };
    const expected = (start: number, end: number) => bytes.subarray(start, end + 1).toString('hex');
    expect(await range(0, 0)).toBe(expected(0, 0));
    expect(await range(S3_PART_SIZE - 100, S3_PART_SIZE + 99)).toBe(expected(S3_PART_SIZE - 100, S3_PART_SIZE + 99));
    expect(await range(LARGE - 1, LARGE - 1)).toBe(expected(LARGE - 1, LARGE - 1));
  });

  it('leaves nothing behind when the body fails mid-way, and rejects with the body’s own error', async () => {
    const id = randomUUID();
    const startedBefore = backend.startedUploads?.() ?? 0;
    const error = new Error('the client went away');
    // Past the first part, so S3 has begun a multipart upload that must be aborted.
    await expect(
      storage.put(`${id}/video.mp4`, failingStream(S3_PART_SIZE + 300_000, error), 'video/mp4'),
    ).rejects.toBe(error);
    if (backend.startedUploads) expect(backend.startedUploads()).toBe(startedBefore + 1);
    // A small body that fails before its end is not stored either.
    await expect(storage.put(`${id}/small.pdf`, failingStream(1000, error), 'application/pdf')).rejects.toBe(error);
    expect(backend.storedKeys().filter((key) => key.startsWith(id))).toEqual([]);
    expect(backend.unfinished()).toEqual([]);
    await expect(storage.get(`${id}/video.mp4`)).rejects.toBeInstanceOf(MediaNotFoundError);
  });

  it('deletes everything under a prefix and nothing else; deleting what is not there is no error', async () => {
    const gone = randomUUID();
    const kept = randomUUID();
    for (const name of ['original.jpg', '340.webp', '340.avif', '680.jpg']) {
      await storage.put(`${gone}/${name}`, Buffer.from(name), 'image/jpeg');
    }
    await storage.put(`${kept}/original.jpg`, Buffer.from('kept'), 'image/jpeg');
    await storage.deletePrefix(gone);
    expect(backend.storedKeys().filter((key) => key.startsWith(gone))).toEqual([]);
    expect(backend.storedKeys()).toContain(`${kept}/original.jpg`);
    expect((await readAll(await storage.get(`${kept}/original.jpg`))).toString()).toBe('kept');
    await storage.deletePrefix(gone);
    await storage.deletePrefix(randomUUID());
  });

  it('says a missing file is missing (MediaNotFoundError), for an unknown id and an unknown name', async () => {
    const id = randomUUID();
    await storage.put(`${id}/original.jpg`, Buffer.from('x'), 'image/jpeg');
    await expect(storage.get(`${randomUUID()}/original.jpg`)).rejects.toBeInstanceOf(MediaNotFoundError);
    await expect(storage.get(`${id}/2048.webp`)).rejects.toBeInstanceOf(MediaNotFoundError);
    await expect(storage.get(`${id}/2048.webp`, { start: 0, end: 0 })).rejects.toBeInstanceOf(MediaNotFoundError);
  });

  it('refuses keys the app would never make, before touching the store', async () => {
    const id = randomUUID();
    const badKeys = [
      '../x',
      '/abs',
      `/${id}/x.jpg`,
      `${id}/../../x`,
      `${id}/..`,
      `${id.toUpperCase()}/x.jpg`,
      `${id}/Original.JPG`,
      `${id}/${'a'.repeat(62)}`,
      `${id}/a/b.jpg`,
      `${id}/`,
      id,
      '',
    ];
    const requestsBefore = backend.requests?.();
    const keysBefore = backend.storedKeys();
    for (const key of badKeys) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(/Not a media storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Not a media storage key/);
    }
    for (const prefix of ['', '..', '../x', `${id}/x`, `${id}/`, id.toUpperCase(), '/tmp']) {
      await expect(storage.deletePrefix(prefix), prefix).rejects.toThrow(/Not a media storage prefix/);
    }
    expect(backend.requests?.()).toBe(requestsBefore);
    expect(backend.storedKeys()).toEqual(keysBefore);
  });
});

describe('S3 storage shared by several processes', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => server?.close());

  const media = (s3: S3Config) => ({ diskRoot: tempDir(), s3, uploadLimits: DEFAULT_UPLOAD_LIMITS });

  it('lets one process read and delete what another stored (no local state)', async () => {
    const first = await createMediaStorage(media(server.config));
    const second = await createMediaStorage(media(server.config));
    try {
      const id = randomUUID();
      await first.put(`${id}/notes.pdf`, Buffer.from('%PDF-1.7 notes'), 'application/pdf');
      expect((await readAll(await second.get(`${id}/notes.pdf`))).toString()).toBe('%PDF-1.7 notes');
      await second.deletePrefix(id);
      await expect(first.get(`${id}/notes.pdf`)).rejects.toBeInstanceOf(MediaNotFoundError);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('aborts a multipart upload a dead process left under the prefix being deleted', async () => {
    const storage = await createMediaStorage(media(server.config));
    const client = createS3Client(server.config);
    try {
      const id = randomUUID();
      const other = randomUUID();
      for (const key of [`${id}/video.mp4`, `${other}/video.mp4`]) {
        await client.send(new CreateMultipartUploadCommand({ Bucket: server.config.bucket, Key: key }));
      }
      expect(server.unfinishedUploads().sort()).toEqual([`${id}/video.mp4`, `${other}/video.mp4`].sort());
      await storage.deletePrefix(id);
      expect(server.unfinishedUploads()).toEqual([`${other}/video.mp4`]);
    } finally {
      client.destroy();
      await storage.close();
    }
  });

  it('refuses to start, in one line naming the bucket and endpoint, when the bucket is missing or unreachable', async () => {
    const missing = { ...server.config, bucket: 'no-such-bucket' };
    const error = await createMediaStorage(media(missing)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `Cannot use the S3 bucket "no-such-bucket" at ${server.config.endpoint}: it does not exist`,
    );

    // A port nobody listens on: refused at once, not after minutes of retries.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = { ...server.config, endpoint: `http://127.0.0.1:${port}` };
    const startedAt = Date.now();
    const refused = await createMediaStorage(media(unreachable)).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(
      new RegExp(`^Cannot use the S3 bucket "${server.config.bucket}" at http://127\\.0\\.0\\.1:${port}: .+$`),
    );
    expect((refused as Error).message).not.toContain('\n');
    expect(Date.now() - startedAt).toBeLessThan(15_000);

    // A service that accepts the connection and never answers: refused after the check's time-out.
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const hanging = { ...server.config, endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` };
      const hangStartedAt = Date.now();
      const timedOut = await createMediaStorage(media(hanging)).catch((caught: unknown) => caught);
      expect(timedOut).toBeInstanceOf(ConfigError);
      expect((timedOut as Error).message).toBe(
        `Cannot use the S3 bucket "${server.config.bucket}" at ${hanging.endpoint}: no answer within 10 seconds`,
      );
      expect(Date.now() - hangStartedAt).toBeLessThan(15_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }

    const halfKeys = { ...server.config, secretAccessKey: undefined };
    const half = await createMediaStorage(media(halfKeys)).catch((caught: unknown) => caught);
    expect(half).toBeInstanceOf(ConfigError);
    expect((half as Error).message).toBe(
      `Cannot use the S3 bucket "${server.config.bucket}" at ${server.config.endpoint}: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the machine's IAM role)`,
    );

    const wrongKeys = { ...server.config, accessKeyId: 'NOT-A-KEY' };
    const denied = await createMediaStorage(media(wrongKeys)).catch((caught: unknown) => caught);
    expect(denied).toBeInstanceOf(ConfigError);
    expect((denied as Error).message).toBe(
      `Cannot use the S3 bucket "${server.config.bucket}" at ${server.config.endpoint}: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
    );
  });
});
