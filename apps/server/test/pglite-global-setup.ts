import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEmbedded } from '../src/db/client.ts';
import { runSeed } from '../src/db/seed/seed.ts';
import { preparedDatabaseFingerprint } from './prepared-database.ts';

/** Makes the migrated and seeded PGlite every API test file of the run starts from (prepared-database.ts). */
export default async function preparePgliteArchive(project: TestProject) {
  const file = path.join(os.tmpdir(), `lunara-test-pglite-${process.pid}-${preparedDatabaseFingerprint()}.tar`);
  const database = await openEmbedded(undefined);
  try {
    await database.migrate();
    await runSeed(database.db, { demoData: false });
    const archive = await database.dumpDataDir();
    writeFileSync(file, archive);
  } finally {
    await database.close();
  }
  project.provide('preparedPgliteArchive', file);
  return () => rmSync(file, { force: true });
}
