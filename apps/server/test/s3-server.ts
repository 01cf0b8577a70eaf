import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../src/config.ts';

/** The part of s3rver's API used here (it ships no types). */
interface StoredObject {
  content: fs.ReadStream | null;
  range?: { start: number; end: number };
}
interface S3rverInstance {
  callback(): http.RequestListener;
  store: {
    getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<StoredObject | null>;
    getResourcePath(bucket: string, key: string, resource: string): string;
  };
  configureBuckets(): Promise<void>;
  logger: { exceptions: { unhandle(): void }; close(): void };
}
type S3rverClass = new (options: {
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3Server {
  /** Settings for the app's S3 backend pointing at this server (path style, s3rver's fixed keys). */
  config: S3Config;
  /** Requests received so far (to show that something was refused before any IO). */
  requests(): number;
  /** Every object key stored in the bucket, found on s3rver's disk. */
  objectKeys(): string[];
  /** The keys of multipart uploads started and neither completed nor aborted. */
  unfinishedUploads(): string[];
  /** Multipart uploads started so far (CreateMultipartUpload requests). */
  startedUploads(): number;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'lunara-test-media';

/** s3rver keeps each multipart upload in `{bucket}/._S3rver_uploads/{uploadId}/` (key, metadata, parts). */
const uploadsDir = (directory: string, bucket: string) => path.join(directory, bucket, '._S3rver_uploads');

function listUnfinished(directory: string, bucket: string): { uploadId: string; key: string }[] {
  const dir = uploadsDir(directory, bucket);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((uploadId) => {
    const keyFile = path.join(dir, uploadId, 'key');
    return fs.existsSync(keyFile) ? [{ uploadId, key: fs.readFileSync(keyFile, 'utf8') }] : [];
  });
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * s3rver 3.7 answers AbortMultipartUpload with MethodNotAllowed and ListMultipartUploads with
 * NotImplemented. These two are answered here from s3rver's own upload folders, so the real SDK calls
 * the storage makes on failure can be exercised and their effect seen. (s3rver checks only the access
 * key id of SigV4 requests, not the signature, so nothing is skipped by answering them here.)
 */
function handleMultipartExtras(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  directory: string,
): boolean {
  const url = new URL(request.url ?? '/', 'http://s3');
  const [bucket, ...keyParts] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!bucket) return false;
  const uploadId = url.searchParams.get('uploadId');
  if (request.method === 'DELETE' && uploadId && keyParts.length > 0) {
    const dir = path.join(uploadsDir(directory, bucket), path.basename(uploadId));
    if (!fs.existsSync(dir)) {
      response.writeHead(404, { 'content-type': 'application/xml' });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code></Error>');
      return true;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    response.writeHead(204);
    response.end();
    return true;
  }
  if (request.method === 'GET' && url.searchParams.has('uploads') && keyParts.length === 0) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const uploads = listUnfinished(directory, bucket).filter((upload) => upload.key.startsWith(prefix));
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads
        .map((upload) => `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId></Upload>`)
        .join('')}</ListMultipartUploadsResult>`,
    );
    return true;
  }
  return false;
}

/**
 * s3rver 3.7 reads `Range: bytes=0-0` as the whole object (its range code treats an end of 0 as none);
 * S3 sends the first byte, as players and the app ask for it.
 */
function fixFirstByteRange(s3rver: S3rverInstance): void {
  const { store } = s3rver;
  const getObject = store.getObject.bind(store);
  store.getObject = async (bucket, key, options) => {
    if (options?.end !== 0) return getObject(bucket, key, options);
    const object = await getObject(bucket, key, { start: 0 });
    if (!object?.content) return object;
    object.content.destroy();
    object.content = fs.createReadStream(store.getResourcePath(bucket, key, 'object'), { start: 0, end: 0 });
    object.range = { start: 0, end: 0 };
    return object;
  };
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** An S3-compatible server (s3rver) on a free loopback port, storing in a new temporary folder. */
export async function startS3Server(bucket = TEST_BUCKET): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-s3rver-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  fixFirstByteRange(s3rver);
  const handle = s3rver.callback();
  let requests = 0;
  let startedUploads = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    if (request.method === 'POST' && /[?&]uploads(=|&|$)/.test(request.url ?? '')) startedUploads += 1;
    if (!handleMultipartExtras(request, response, directory)) void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    requests: () => requests,
    objectKeys: () => {
      // An object `a/b` is s3rver's file `{bucket}/a/b._S3rver_object` (with metadata files beside it).
      const root = path.join(directory, bucket);
      return walk(root)
        .filter((file) => file.endsWith('._S3rver_object'))
        .map((file) =>
          path
            .relative(root, file)
            .split(path.sep)
            .join('/')
            .replace(/\._S3rver_object$/, ''),
        )
        .sort();
    },
    unfinishedUploads: () => listUnfinished(directory, bucket).map((upload) => upload.key),
    startedUploads: () => startedUploads,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3rver.logger.exceptions.unhandle();
      s3rver.logger.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
