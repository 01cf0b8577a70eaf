import type { Readable } from 'node:stream';

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: the local disk under `DATA_DIR/media` (one process) or an S3-compatible
 * bucket (several processes on several machines). Keys are `{mediaId}/{name}`, checked by `isStorageKey`.
 */
export interface MediaStorage {
  readonly backend: 'disk' | 's3';
  /**
   * Stores the body under `key`, streaming (never the whole body in memory). If the body errors or the
   * write fails, nothing is left under `key` and the promise rejects with the body's error.
   */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** The object's bytes (or those of `range`); rejects with `MediaNotFoundError` if there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes every object whose key starts with `{prefix}/`; deleting what is not there is not an error. */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export class MediaNotFoundError extends Error {
  override name = 'MediaNotFoundError';
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[a-z0-9][a-z0-9._-]{0,60}$/;
const PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A key the app made: a media id and a plain name, so no path trick can reach outside the store. */
export const isStorageKey = (key: string) => KEY.test(key) && !key.includes('..');
export const isStoragePrefix = (prefix: string) => PREFIX.test(prefix);

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a media storage key: ${JSON.stringify(key.slice(0, 80))}`);
}
export function assertStoragePrefix(prefix: string): void {
  if (!isStoragePrefix(prefix)) throw new Error(`Not a media storage prefix: ${JSON.stringify(prefix.slice(0, 80))}`);
}
