import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type Database, openEmbedded, openPostgres } from '../src/db/client.ts';
import './prepared-database.ts';

/** Which database this test run uses: the `server-postgres` vitest project sets TEST_DB=postgres. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'embedded';

/**
 * A brand-new database for one test file: an in-memory PGlite, or a database created on the PostgreSQL
 * server of TEST_DATABASE_URL and dropped again on close (so reruns start clean). Empty, or with
 * `prepared` a copy of the run's migrated and seeded one where the run made one (prepared-database.ts).
 */
export async function createTestDatabase({ prepared = false } = {}): Promise<Database & { url?: string }> {
  if (testDatabaseKind === 'embedded') {
    const archive = prepared ? inject('preparedPgliteArchive') : undefined;
    return openEmbedded(undefined, archive ? { loadDataDir: new Blob([readFileSync(archive)]) } : {});
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lunara_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = prepared ? inject('preparedPostgresTemplate') : undefined;
  await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
