import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * Backups of either database. The embedded one is copied as PGlite's own compressed data-folder
 * archive (the folder is locked meanwhile, so the server must be stopped); the PostgreSQL server's with
 * pg_dump's custom format, restored with pg_restore (the PostgreSQL client tools must be installed).
 */
export type BackupTarget = { databaseUrl: string } | { dataDir: string };

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

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if ('databaseUrl' in target) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', target.databaseUrl]);
    return;
  }
  if (!fs.existsSync(pgliteDir(target.dataDir))) throw new Error(`There is no database in ${target.dataDir}`);
  const lock = acquireDataDirLock(target.dataDir);
  try {
    const client = await PGlite.create(pgliteDir(target.dataDir));
    try {
      const archive = await client.dumpDataDir('gzip');
      // Written beside the target and renamed, so a failed backup never leaves half a file.
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Replaces the database with the backup. The embedded data folder that was there is kept beside it
 * (pglite.replaced-<time>) until you delete it; on the server, pg_restore drops and recreates what the
 * backup holds. Returns where the replaced embedded data went, if anywhere.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<string | undefined> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  if ('databaseUrl' in target) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--dbname',
      target.databaseUrl,
      file,
    ]);
    return undefined;
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const lock = acquireDataDirLock(target.dataDir);
  try {
    const current = pgliteDir(target.dataDir);
    const staging = `${current}.restoring`;
    fs.rmSync(staging, { recursive: true, force: true });
    // The archive is unpacked and opened in a staging folder first: a bad file changes nothing.
    try {
      const client = await PGlite.create(staging, { loadDataDir: new Blob([fs.readFileSync(file)]) });
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new Error(`${file} is not a backup this version can read: ${(error as Error).message}`);
    }
    let replaced: string | undefined;
    if (fs.existsSync(current)) {
      replaced = `${current}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(current, replaced);
    }
    fs.renameSync(staging, current);
    return replaced;
  } finally {
    lock.release();
  }
}
