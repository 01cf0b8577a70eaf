import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { createDiskStorage } from '../modules/media/storage/disk-storage.ts';
import { backupDatabase, mediaBackupDir, restoreDatabase } from './backup.ts';
import { type Database, openEmbedded } from './client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { appSettings } from './schema/operations.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-backup-'));

async function setting(database: Database): Promise<string | undefined> {
  const [row] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'backup_probe'));
  return row?.value;
}
const write = (database: Database, value: string) =>
  database.db
    .insert(appSettings)
    .values({ key: 'backup_probe', value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });

/** Stores `files` (name -> text) through the disk store, as uploads do, under a new media id each. */
async function storeMedia(mediaRoot: string, files: string[]): Promise<string[]> {
  const storage = await createDiskStorage(mediaRoot);
  const keys = files.map((name) => `${randomUUID()}/${name}`);
  for (const key of keys) await storage.put(key, Buffer.from(`bytes of ${key}`), 'application/octet-stream');
  await storage.close();
  return keys;
}

/** Every file under `dir`, as `a/b` paths. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('backup and restore of the uploaded files on the local disk', () => {
  // The database part differs by kind; the media part is the same for both.
  async function prepare() {
    if (testDatabaseKind === 'embedded') {
      const dataDir = tempDir();
      const database = await openEmbedded(dataDir);
      await database.migrate();
      await database.close();
      return { target: { dataDir }, dataDir, close: async () => {} };
    }
    const database = await createTestDatabase();
    await database.migrate();
    return { target: { databaseUrl: database.url ?? '' }, dataDir: tempDir(), close: () => database.close() };
  }

  it('copies DATA_DIR/media beside the backup and brings it back, keeping the replaced files aside', async () => {
    const { target, dataDir, close } = await prepare();
    try {
      const mediaRoot = path.join(dataDir, 'media');
      const file = path.join(tempDir(), 'lunara.backup');
      const before = (await storeMedia(mediaRoot, ['original.jpg', '340.webp'])).sort();
      // A write in progress is not part of the backup.
      fs.writeFileSync(path.join(mediaRoot, '.incoming', 'half-written'), 'partial');

      const backup = await backupDatabase(target, file, { mediaRoot });
      expect(backup.media).toEqual({ dir: mediaBackupDir(file), uploads: 2 });
      expect(filesUnder(mediaBackupDir(file))).toEqual(before);

      // After the backup: one file deleted, another uploaded.
      fs.rmSync(path.join(mediaRoot, path.dirname(before[0] ?? 'x')), { recursive: true });
      const after = await storeMedia(mediaRoot, ['notes.pdf']);

      const restored = await restoreDatabase(target, file, { mediaRoot });
      expect(restored.media).toMatchObject({ restored: true, uploads: 2 });
      expect(filesUnder(mediaRoot)).toEqual(before);
      expect((await fs.promises.readFile(path.join(mediaRoot, before[1] ?? ''))).toString()).toBe(
        `bytes of ${before[1]}`,
      );
      const replaced = restored.media?.restored ? restored.media.replaced : undefined;
      expect(replaced && path.dirname(replaced)).toBe(dataDir);
      expect(filesUnder(replaced ?? '')).toEqual(expect.arrayContaining(after));
      // The backup itself is untouched, so it can be restored again.
      expect(filesUnder(mediaBackupDir(file))).toEqual(before);
    } finally {
      await close();
    }
  });

  it('leaves the media folder as it is when the backup has no media beside it, and copies none with S3', async () => {
    const { target, dataDir, close } = await prepare();
    try {
      const mediaRoot = path.join(dataDir, 'media');
      const file = path.join(tempDir(), 'lunara.backup');
      // Files in an S3 bucket: nothing to copy.
      expect(await backupDatabase(target, file)).toEqual({});
      expect(fs.existsSync(mediaBackupDir(file))).toBe(false);

      const kept = await storeMedia(mediaRoot, ['original.jpg']);
      const restored = await restoreDatabase(target, file, { mediaRoot });
      expect(restored.media).toEqual({ restored: false, missing: mediaBackupDir(file) });
      expect(filesUnder(mediaRoot)).toEqual(kept);
    } finally {
      await close();
    }
  });
});

describe.runIf(testDatabaseKind === 'embedded')('backup and restore of the embedded database', () => {
  it('brings back exactly what was backed up, keeping the replaced data aside', async () => {
    const dataDir = tempDir();
    const file = path.join(tempDir(), 'lunara.tar.gz');
    let database = await openEmbedded(dataDir);
    await database.migrate();
    await write(database, 'before the backup');
    await database.close();

    await backupDatabase({ dataDir }, file);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    database = await openEmbedded(dataDir);
    await write(database, 'after the backup');
    await database.close();

    const { replaced } = await restoreDatabase({ dataDir }, file);
    expect(replaced && fs.existsSync(replaced)).toBe(true);
    database = await openEmbedded(dataDir);
    try {
      expect(await setting(database)).toBe('before the backup');
    } finally {
      await database.close();
    }
  });

  it('refuses while the server holds the folder, and refuses a file that is not a backup', async () => {
    const dataDir = tempDir();
    const database = await openEmbedded(dataDir);
    try {
      await expect(backupDatabase({ dataDir }, path.join(tempDir(), 'x.tar.gz'))).rejects.toThrow(/in use/);
    } finally {
      await database.close();
    }
    const junk = path.join(tempDir(), 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup');
    await expect(restoreDatabase({ dataDir }, junk)).rejects.toThrow();
    // The data is untouched and the folder free again.
    acquireDataDirLock(dataDir).release();
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  });

  it('works from the command line, with the uploaded files or saying the S3 bucket is not included', async () => {
    const dataDir = tempDir();
    const file = path.join(tempDir(), 'cli.tar.gz');
    const cli = (env: Record<string, string>, ...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', ...env },
      }).toString();
    expect(cli({}, 'migrate')).toContain('migrated');
    const [key] = await storeMedia(path.join(dataDir, 'media'), ['original.jpg']);
    expect(cli({}, 'backup', file)).toContain(
      `Backed up the embedded database in ${dataDir} to ${file}. Uploaded files (1 upload) are copied to ${file}.media.`,
    );
    expect(filesUnder(`${file}.media`)).toEqual([key]);
    const restore = cli({}, 'restore', file);
    expect(restore).toContain('Restored the embedded database');
    expect(restore).toContain(`Restored the uploaded files (1 upload) to ${path.join(dataDir, 'media')}.`);

    const s3File = path.join(tempDir(), 's3.tar.gz');
    const s3 = cli({ S3_BUCKET: 'lunara-media', S3_ENDPOINT: 'http://127.0.0.1:9' }, 'backup', s3File);
    expect(s3).toContain('Uploaded files are in the S3 bucket "lunara-media", which is not in this backup');
    expect(s3).toContain('aws s3 sync s3://lunara-media');
    expect(fs.existsSync(`${s3File}.media`)).toBe(false);
    expect(cli({}, 'help')).toContain('<file>.media');
  }, 90_000);
});

describe.runIf(testDatabaseKind === 'postgres')('backup and restore on the PostgreSQL server', () => {
  it('brings back exactly what was backed up (pg_dump / pg_restore)', async () => {
    const database = await createTestDatabase();
    const databaseUrl = database.url ?? '';
    const file = path.join(tempDir(), 'lunara.dump');
    try {
      await database.migrate();
      await write(database, 'before the backup');
      await backupDatabase({ databaseUrl }, file);
      await write(database, 'after the backup');
      await restoreDatabase({ databaseUrl }, file);
      expect(await setting(database)).toBe('before the backup');
    } finally {
      await database.close();
    }
  });
});
