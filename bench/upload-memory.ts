// npm run bench:upload (after npm run build): uploads a 100 MB lesson file to the built server as an
// admin, once with the local disk store and once with an S3 bucket (s3rver, in this process), samples the
// server process's memory (RSS) during each upload and prints its peak growth over the idle server with
// PASS/FAIL against the budget (issue 27: under 64 MB). Uses the PostgreSQL server of DATABASE_URL (default
// the local one) for a database of its own. Options: --storage disk,s3  --megabytes 100
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { grantRoleByEmail } from '../apps/server/src/modules/roles/service.ts';
import { startS3Server, type TestS3Server } from '../apps/server/test/s3-server.ts';
import { serverUrl } from './lib/databases.ts';
import { startServer } from './lib/server-process.ts';

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const STORAGES = argument('storage', 'disk,s3').split(',') as Array<'disk' | 's3'>;
const MB = 1024 * 1024;
const SIZE = Number(argument('megabytes', '100')) * MB;
const BUDGET = 64 * MB;
const PORT = 3310;
const DATABASE = 'lunara_bench_upload';
const SAMPLE_MS = 10;
const PDF_HEADER = Buffer.from('%PDF-1.7\n% Lunara upload benchmark\n');

const log = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function freshDatabase(): Promise<string> {
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
    await admin.unsafe(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** Signs a new account up through the API, makes it an admin, and returns its session cookie. */
async function signUpAdmin(baseUrl: string, databaseUrl: string): Promise<string> {
  const email = `upload.bench.${Date.now()}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'moonlight-benchmark', name: 'Benchmark Sister' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('better-auth.session_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error('sign-up gave no session cookie');
  const database = openPostgres(databaseUrl, { max: 1 });
  try {
    await grantRoleByEmail(database.db, email, 'admin');
  } finally {
    await database.close();
  }
  return cookie;
}

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

interface Result {
  storage: string;
  idle: number;
  peak: number;
  seconds: number;
}

async function measure(storage: 'disk' | 's3'): Promise<Result> {
  const databaseUrl = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-upload-bench-'));
  let s3: TestS3Server | undefined;
  // Larger sizes than the default limit (--megabytes 2048 for a lesson video's size) raise the limit.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    UPLOAD_LIMIT_LESSON_FILE_MB: String(Math.max(100, Math.ceil(SIZE / MB))),
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
    const sending = upload(server.url, cookie, SIZE);
    const peak = await peakWhile(server.rssBytes, sending);
    const answer = await sending;
    if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${answer.body}`);
    const stored = (JSON.parse(answer.body) as { byteSize: number }).byteSize;
    if (stored !== SIZE) throw new Error(`stored ${stored} bytes, sent ${SIZE}`);
    return { storage, idle, peak, seconds: (Date.now() - started) / 1000 };
  } finally {
    await server.stop();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
for (const storage of STORAGES) {
  log(`${storage}: uploading ${mb(SIZE)} …`);
  results.push(await measure(storage));
}
let failed = false;
for (const { storage, idle, peak, seconds } of results) {
  const growth = peak - idle;
  const pass = growth < BUDGET;
  failed ||= !pass;
  log(
    `${pass ? 'PASS' : 'FAIL'} ${storage}: ${mb(SIZE)} lesson file in ${seconds.toFixed(1)} s, server RSS ${mb(idle)} idle, peak ${mb(peak)}: +${mb(growth)} (budget < ${mb(BUDGET)})`,
  );
}
process.exitCode = failed ? 1 : 0;
