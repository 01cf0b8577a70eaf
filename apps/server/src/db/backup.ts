import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * Backups of either database. The embedded one is copied as PGlite's own compressed data-folder
 * archive (the folder is locked meanwhile, so the server must be stopped); the PostgreSQL server's with
 * pg_dump's custom format, restored with pg_restore (the PostgreSQL client tools must be installed).
 *
 * Uploaded files on the local disk (DATA_DIR/media) are copied as they are into the folder
 * `<file>.media` beside the backup file: a plain folder (no archive to unpack) that any file backup
 * tool can copy too, taken after the database so every file the database lists is in it. Files in an
 * S3 bucket are not copied: the bucket is backed up by the object store (versioning, replication).
 */
export type BackupTarget = { databaseUrl: string } | { dataDir: string };

export interface BackupOptions {
  /** The local media store (DATA_DIR/media) to back up or restore; unset when files are in S3. */
  mediaRoot?: string;
}

/** Where the local media files of the backup in `file` are. */
export const mediaBackupDir = (file: string) => `${path.resolve(file)}.media`;

/** Uploads (one folder per media id) under a media folder. */
function countUploads(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).length;
}

/**
 * Copies the media folder `from` to `to` (replacing it), leaving out unfinished writes (`.incoming`).
 * Copied to `<to>.partial` and renamed, so a failed copy never looks like a complete one.
 */
async function copyMediaFolder(from: string, to: string): Promise<void> {
  const partial = `${to}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    if (fs.existsSync(from)) {
      await cp(from, partial, {
        recursive: true,
        filter: (source) => path.relative(from, source).split(path.sep)[0] !== '.incoming',
      });
    }
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  await rm(to, { recursive: true, force: true });
  await rename(partial, to);
}

export interface BackupResult {
  /** The folder the media files were copied to, and how many uploads it holds (local disk only). */
  media?: { dir: string; uploads: number };
}

async function backupMedia(file: string, options: BackupOptions): Promise<BackupResult> {
  if (!options.mediaRoot) return {};
  const dir = mediaBackupDir(file);
  await copyMediaFolder(options.mediaRoot, dir);
  return { media: { dir, uploads: countUploads(dir) } };
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT' ? `${command} was not found: install the PostgreSQL client tools` : error.message,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim().slice(0, 2000)}`)),
    );
  });
}

export async function backupDatabase(
  target: BackupTarget,
  file: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if ('databaseUrl' in target) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', target.databaseUrl]);
    return backupMedia(file, options);
  }
  if (!fs.existsSync(pgliteDir(target.dataDir))) throw new Error(`There is no database in ${target.dataDir}`);
  const lock = acquireDataDirLock(target.dataDir);
  try {
    const client = await PGlite.create(pgliteDir(target.dataDir), { extensions: PGLITE_EXTENSIONS });
    try {
      const archive = await client.dumpDataDir('gzip');
      // Written beside the target and renamed, so a failed backup never leaves half a file.
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await client.close();
    }
    // Still under the lock: no upload can change the folder while it is copied.
    return await backupMedia(file, options);
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  /** Where the replaced embedded data went, if there was any. */
  replaced?: string;
  /**
   * The media files: restored from `<file>.media` (with where the replaced folder went, if there was
   * one), or `missing` when the backup has none beside it (the media folder is then left as it is).
   */
  media?: { restored: true; uploads: number; replaced?: string } | { restored: false; missing: string };
}

const replacedSuffix = () => `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;

/** Copies the backup's media into a staging folder beside the store, before anything is replaced. */
async function stageMedia(file: string, options: BackupOptions): Promise<string | undefined> {
  if (!options.mediaRoot || !fs.existsSync(mediaBackupDir(file))) return undefined;
  const staging = `${options.mediaRoot}.restoring`;
  await copyMediaFolder(mediaBackupDir(file), staging);
  return staging;
}

/** Puts the staged media in place, keeping the folder it replaces beside it. */
async function swapMedia(
  file: string,
  staging: string | undefined,
  options: BackupOptions,
  suffix: string,
): Promise<RestoreResult['media']> {
  if (!options.mediaRoot) return undefined;
  if (!staging) return { restored: false, missing: mediaBackupDir(file) };
  let replaced: string | undefined;
  if (fs.existsSync(options.mediaRoot)) {
    replaced = `${options.mediaRoot}.${suffix}`;
    await rename(options.mediaRoot, replaced);
  }
  await rename(staging, options.mediaRoot);
  return { restored: true, uploads: countUploads(options.mediaRoot), replaced };
}

/**
 * Replaces the database with the backup, and the local media folder with `<file>.media` when there is
 * one. The embedded data folder and the media folder that were there are kept beside them
 * (pglite.replaced-<time>, media.replaced-<time>) until you delete them; on the server, pg_restore drops
 * and recreates what the backup holds.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: BackupOptions = {},
): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  const suffix = replacedSuffix();
  if ('databaseUrl' in target) {
    const staging = await stageMedia(file, options);
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--dbname',
      target.databaseUrl,
      file,
    ]).catch(async (error: unknown) => {
      if (staging) await rm(staging, { recursive: true, force: true });
      throw error;
    });
    return { media: await swapMedia(file, staging, options, suffix) };
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const lock = acquireDataDirLock(target.dataDir);
  try {
    const current = pgliteDir(target.dataDir);
    const staging = `${current}.restoring`;
    fs.rmSync(staging, { recursive: true, force: true });
    // The archive is unpacked and opened in a staging folder first: a bad file changes nothing.
    try {
      const client = await PGlite.create(staging, {
        loadDataDir: new Blob([fs.readFileSync(file)]),
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new Error(`${file} is not a backup this version can read: ${(error as Error).message}`);
    }
    const mediaStaging = await stageMedia(file, options).catch((error: unknown) => {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    });
    let replaced: string | undefined;
    if (fs.existsSync(current)) {
      replaced = `${current}.${suffix}`;
      fs.renameSync(current, replaced);
    }
    fs.renameSync(staging, current);
    return { replaced, media: await swapMedia(file, mediaStaging, options, suffix) };
  } finally {
    lock.release();
  }
}
