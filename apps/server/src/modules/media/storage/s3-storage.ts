import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type S3Config } from '../../../config.ts';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ByteRange,
  MediaNotFoundError,
  type MediaStorage,
} from './media-storage.ts';

const MB = 1024 * 1024;
/**
 * One part is uploaded at a time, and the body is not read while it is sent (its client waits, by TCP
 * back-pressure), so an upload of any size holds about one 5 MB part. The client's own link is nearly
 * always slower than the one to the bucket, so a second part in flight bought little speed and, measured
 * with bench/upload-memory.ts, about 15 MB more peak memory (6 MB parts, two at a time). 5 MB is S3's
 * smallest part; x 10,000 parts (its most) = 50,000 MiB, the largest limit config.ts accepts.
 */
export const S3_PART_SIZE = 5 * MB;
export const S3_QUEUE_SIZE = 1;
const CHECK_TIMEOUT_MS = 10_000;
/** DeleteObjects takes at most 1,000 keys, as many as one ListObjectsV2 page. */
const DELETE_BATCH = 1000;

/** Where the bucket is, for messages: the endpoint, or AWS's region. */
const describeBucket = (config: S3Config) =>
  `S3 bucket "${config.bucket}" at ${config.endpoint ?? `AWS region ${config.region}`}`;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's default chain applies (an instance role, AWS_PROFILE, ...).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The newer SDK default (a CRC32 on every upload, sent as an aws-chunked trailer for streams) is
    // not understood by many S3-compatible services; checksums are then sent only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that cannot be reached fails in seconds. The socket timeout also applies while a download
    // is paused by a slow reader (a paused video), so it is long: a player asks again with a Range.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 5 * 60_000 },
  });
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

const isMissingKey = (error: unknown) =>
  (error as Error)?.name === 'NoSuchKey' || (statusOf(error) === 404 && (error as Error)?.name !== 'NoSuchBucket');

/** Why HeadBucket failed, in words an operator can act on. */
function explainUnreachable(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'it does not exist';
  if (status === 403 || status === 401) return 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)';
  if (status === 301 || status === 400) return `it answered ${status} (check S3_REGION and S3_FORCE_PATH_STYLE)`;
  if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError') {
    return `no answer within ${CHECK_TIMEOUT_MS / 1000} seconds`;
  }
  if ((error as Error)?.name === 'CredentialsProviderError') {
    return 'no credentials (set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the machine an IAM role)';
  }
  const message = (error as Error)?.message || (error as Error)?.name || String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** Fails with one line naming the bucket and endpoint when the bucket cannot be used. */
export async function checkS3Bucket(client: S3Client, config: S3Config): Promise<void> {
  try {
    // A store that accepts the connection and never answers must not hang the start either.
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ConfigError(`Cannot use the ${describeBucket(config)}: ${explainUnreachable(error)}`);
  }
}

/**
 * Files in an S3-compatible bucket, under the same keys as on disk. Nothing is kept locally, so any
 * number of processes on any number of machines can share the bucket. Uploads are multipart and
 * streamed (bounded memory, see S3_PART_SIZE); a failed one is aborted so no parts stay behind.
 */
export async function createS3Storage(config: S3Config, client = createS3Client(config)): Promise<MediaStorage> {
  const Bucket = config.bucket;
  // One key without the other would silently fall back to the SDK's own credential chain.
  if (Boolean(config.accessKeyId) !== Boolean(config.secretAccessKey)) {
    client.destroy();
    throw new ConfigError(
      `Cannot use the ${describeBucket(config)}: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the machine's IAM role)`,
    );
  }
  try {
    await checkS3Bucket(client, config);
  } catch (error) {
    client.destroy();
    throw error;
  }

  /** Unfinished multipart uploads under `prefix/` (left by a process that died mid-upload). */
  async function abortUploadsUnder(prefix: string): Promise<void> {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client
        .send(new ListMultipartUploadsCommand({ Bucket, Prefix: `${prefix}/`, KeyMarker, UploadIdMarker }))
        // A store without this call cannot have parts to find; the deletion must not fail for it.
        .catch((error: unknown) => {
          if (statusOf(error) === 501 || (error as Error)?.name === 'NotImplemented') return undefined;
          throw error;
        });
      if (!page) return;
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
  }

  return {
    backend: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key);
      // lib-storage reports a failed abort instead of the body's own error; the caller needs the latter
      // (a client that went away, a limit that was passed), so it is remembered here.
      let bodyError: unknown;
      const remember = (error: unknown) => {
        bodyError ??= error;
      };
      if (!Buffer.isBuffer(body)) body.on('error', remember);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize: S3_PART_SIZE,
        queueSize: S3_QUEUE_SIZE,
        // On any failure lib-storage sends AbortMultipartUpload, which deletes the parts already stored.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        throw bodyError ?? error;
      } finally {
        if (!Buffer.isBuffer(body)) body.off('error', remember);
      }
    },
    async get(key, range?: ByteRange) {
      assertStorageKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error(`The ${describeBucket(config)} sent no body`);
        return answer.Body;
      } catch (error) {
        if (isMissingKey(error)) throw new MediaNotFoundError(key);
        throw error;
      }
    },
    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      // Unfinished uploads first, so that none completes into an object after the objects are listed.
      await abortUploadsUnder(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken, MaxKeys: DELETE_BATCH }),
        );
        const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (Objects.length > 0) {
          const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(
              `Could not delete ${failed.length} object(s) under ${prefix}/ in the ${describeBucket(config)}: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`.trim(),
            );
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      client.destroy();
    },
  };
}
