import type { MediaConfig } from '../../../config.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The configured store: the S3-compatible bucket when S3_BUCKET is set (checked at once: an unreachable
 * bucket stops the start with a ConfigError naming it), else the local disk.
 */
export async function createMediaStorage(config: MediaConfig): Promise<MediaStorage> {
  if (config.s3) return createS3Storage(config.s3);
  return createDiskStorage(config.diskRoot);
}
