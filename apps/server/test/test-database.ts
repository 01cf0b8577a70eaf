import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Database, openEmbedded, openPostgres } from '../src/db/client.ts';

/** Which database this test run uses: the `server-postgres` vitest project sets TEST_DB=postgres. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'embedded';

/**
 * A brand-new, empty database for one test file: an in-memory PGlite, or a database created on the
 * PostgreSQL server of TEST_DATABASE_URL and dropped again on close (so reruns start clean).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDatabaseKind === 'embedded') return openEmbedded(undefined);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lunara_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
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
