import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ByteRange,
  MediaNotFoundError,
  type MediaStorage,
} from './media-storage.ts';

/**
 * Files under `root` (DATA_DIR/media), one folder per media id. A write goes to a temporary file in
 * `root/.incoming` first and is renamed into place when complete, so a reader never sees half a file and
 * a failed write leaves nothing behind (a crash may leave a temporary file, removed at the next start).
 */
export async function createDiskStorage(root: string): Promise<MediaStorage> {
  const incoming = path.join(root, '.incoming');
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true });
  const fileOf = (key: string) => path.join(root, ...key.split('/'));

  return {
    backend: 'disk',
    async put(key, body) {
      assertStorageKey(key);
      const temporary = path.join(incoming, randomUUID());
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
        await mkdir(path.dirname(fileOf(key)), { recursive: true });
        await rename(temporary, fileOf(key));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, range?: ByteRange) {
      assertStorageKey(key);
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        throw new MediaNotFoundError(key);
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      await rm(path.join(root, prefix), { recursive: true, force: true });
    },
    async close() {},
  };
}
