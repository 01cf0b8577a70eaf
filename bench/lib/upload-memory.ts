// A lesson file uploaded to the built server as an admin while its memory (RSS) is sampled every 10 ms:
// the peak growth over the idle server. Used by `npm run bench:upload` and the features part of `npm run bench`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startS3Server, type TestS3Server } from '../../apps/server/test/s3-server.ts';
import { recreateDatabase } from './databases.ts';
import { signUpAdmin } from './fresh-app.ts';
import { startServer } from './server-process.ts';

export const MB = 1024 * 1024;
/** Issue 27: a 100 MB upload grows the server by under 64 MB. */
export const UPLOAD_BUDGET = 64 * MB;
const PORT = 3310;
const DATABASE = 'lunara_bench_upload';
const SAMPLE_MS = 10;
const PDF_HEADER = Buffer.from('%PDF-1.7\n% Lunara upload benchmark\n');

/** Streams `size` bytes (a PDF header, then filler made per chunk) as the raw body of an upload. */
function upload(baseUrl: string, cookie: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/api/media/lesson_file?lessonId=1-1`, {
      method: 'POST',
      headers: {
        cookie,
        origin: baseUrl,
        'content-type': 'application/octet-stream',
        'content-length': String(size),
        'x-file-name': encodeURIComponent('Benchmark workbook.pdf'),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const piece = sent === 0 ? Buffer.concat([PDF_HEADER, chunk]).subarray(0, chunk.length) : chunk;
        const part = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += part.length;
        if (!request.write(part)) {
          request.once('drain', write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

/** Samples `read` every SAMPLE_MS until `until` settles; returns the largest value seen. */
async function peakWhile(read: () => number, until: Promise<unknown>): Promise<number> {
  let peak = read();
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    peak = Math.max(peak, read());
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  return Math.max(peak, read());
}

async function idleRss(read: () => number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    samples.push(read());
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS * 2));
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
}

export interface UploadMemoryResult {
  storage: string;
  idle: number;
  peak: number;
  seconds: number;
}

/** One upload of `size` bytes through a new server with this store; the server's RSS idle and at its peak. */
export async function measureUploadMemory(storage: 'disk' | 's3', size: number): Promise<UploadMemoryResult> {
  const databaseUrl = await recreateDatabase(DATABASE);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-upload-bench-'));
  let s3: TestS3Server | undefined;
  // Larger sizes than the default limit (--megabytes 2048 for a lesson video's size) raise the limit.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    UPLOAD_LIMIT_LESSON_FILE_MB: String(Math.max(100, Math.ceil(size / MB))),
  };
  if (storage === 's3') {
    s3 = await startS3Server();
    Object.assign(env, {
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint ?? '',
      S3_ACCESS_KEY_ID: s3.config.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: '1',
    });
  }
  const server = await startServer(databaseUrl, PORT, env);
  try {
    const cookie = await signUpAdmin(server.url, databaseUrl);
    // A small upload first, so that code loaded on first use is not counted as the upload's memory.
    const warm = await upload(server.url, cookie, 256 * 1024);
    if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    const idle = await idleRss(server.rssBytes);
    const started = Date.now();
    const sending = upload(server.url, cookie, size);
    const peak = await peakWhile(server.rssBytes, sending);
    const answer = await sending;
    if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${answer.body}`);
    const stored = (JSON.parse(answer.body) as { byteSize: number }).byteSize;
    if (stored !== size) throw new Error(`stored ${stored} bytes, sent ${size}`);
    return { storage, idle, peak, seconds: (Date.now() - started) / 1000 };
  } finally {
    await server.stop();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
