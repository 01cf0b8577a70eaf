import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.ts';
import { runSeed } from '../src/db/seed/seed.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Drops test databases left behind by runs that were killed before they could clean up (their
 * names carry the pid of the run that made them), so the server does not fill up across reruns.
 */
async function dropLeftoverTestDatabases(sql: postgres.Sql) {
  const rows = await sql<{ datname: string }[]>`select datname from pg_database where datname like 'lunara_test_%'`;
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    if (Number.isInteger(pid) && !isAlive(pid)) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  }
}

/**
 * The PostgreSQL runs: clears what killed runs left, then makes the migrated and seeded database every
 * API test file copies as its template (prepared-database.ts), dropped when the run ends.
 */
export default async function setupPostgresRun(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const template = `lunara_test_${process.pid}_template`;
  try {
    await dropLeftoverTestDatabases(sql);
    await sql.unsafe(`drop database if exists "${template}" with (force)`);
    await sql.unsafe(`create database "${template}"`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    // Closed before any file copies it: a template must have no open connections.
    const database = openPostgres(templateUrl.toString(), { max: 1 });
    try {
      await database.migrate();
      await runSeed(database.db, { demoData: false });
    } finally {
      await database.close();
    }
  } finally {
    await sql.end();
  }
  project.provide('preparedPostgresTemplate', template);
  return async () => {
    const cleanup = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await cleanup.unsafe(`drop database if exists "${template}" with (force)`);
    } finally {
      await cleanup.end();
    }
  };
}
