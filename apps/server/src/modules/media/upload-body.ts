import { Readable } from 'node:stream';
import { FILE_EMPTY, FILE_INCOMPLETE, fileTooLargeMessage, type MediaKind } from '@lunara/shared/media';
import { AppError, badRequest, payloadTooLarge } from '../../errors.ts';

/**
 * How long an upload may go without a byte before it fails as unfinished. A client that stops sending
 * would otherwise hold its connection, temporary file and `uploading` row for as long as it likes (the
 * server has no overall request timeout, since a large video may take hours to send).
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

export interface UploadBody {
  /** The first bytes (up to `headBytes`; all of a shorter file), for sniffing the type. */
  head: Buffer;
  /** The whole body, head included, counted as it flows: it errors past the limit or if the client stops. */
  stream: Readable;
  /** Bytes passed through `stream` so far (the file's size once it has ended). */
  bytesRead(): number;
}

/**
 * Reads the upload's first bytes, then hands the rest on as a stream without ever holding the whole
 * file: each chunk is counted, and passing `limit` fails the stream with a 413 at once. A body that ends
 * short of its Content-Length, a client that goes away, or one that sends nothing for `idleTimeoutMs`,
 * fails it with FILE_INCOMPLETE.
 */
export async function openUploadBody(
  source: AsyncIterable<Buffer>,
  options: {
    kind: MediaKind;
    limit: number;
    headBytes: number;
    declaredLength: number | undefined;
    idleTimeoutMs?: number;
  },
): Promise<UploadBody> {
  const iterator = source[Symbol.asyncIterator]();
  let total = 0;
  const tooLarge = () => payloadTooLarge(fileTooLargeMessage(options.kind, options.limit));
  const idleTimeoutMs = options.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS;
  // The next chunk, or FILE_INCOMPLETE when none comes in time (the refusal closes the connection).
  const nextChunk = () =>
    new Promise<IteratorResult<Buffer>>((resolve, reject) => {
      const timer = setTimeout(() => reject(badRequest(FILE_INCOMPLETE)), idleTimeoutMs);
      iterator
        .next()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  const next = async (): Promise<Buffer | null> => {
    let result: IteratorResult<Buffer>;
    try {
      result = await nextChunk();
    } catch (error) {
      throw error instanceof AppError ? error : badRequest(FILE_INCOMPLETE);
    }
    if (result.done) {
      if (options.declaredLength !== undefined && total < options.declaredLength) throw badRequest(FILE_INCOMPLETE);
      return null;
    }
    total += result.value.length;
    if (total > options.limit) throw tooLarge();
    return result.value;
  };

  const headChunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < options.headBytes) {
    const chunk = await next();
    if (!chunk) {
      ended = true;
      break;
    }
    headChunks.push(chunk);
    headLength += chunk.length;
  }
  const start = Buffer.concat(headChunks);
  if (start.length === 0) throw badRequest(FILE_EMPTY);

  async function* chunks() {
    yield start;
    if (ended) return;
    for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
  }
  return {
    head: start.subarray(0, options.headBytes),
    stream: Readable.from(chunks(), { objectMode: false }),
    bytesRead: () => total,
  };
}
