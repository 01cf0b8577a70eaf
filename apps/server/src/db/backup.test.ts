import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
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

    const replaced = await restoreDatabase({ dataDir }, file);
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

  it('works from the command line', () => {
    const dataDir = tempDir();
    const file = path.join(tempDir(), 'cli.tar.gz');
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).toString();
    expect(cli('migrate')).toContain('migrated');
    expect(cli('backup', file)).toContain(`Backed up the embedded database in ${dataDir} to ${file}.`);
    expect(cli('restore', file)).toContain('Restored the embedded database');
  }, 60_000);
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
