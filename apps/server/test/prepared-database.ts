import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The API tests start from a database that is already migrated and seeded: a fresh PGlite spends most of
 * its start in initdb and the migrations (seconds per test file, twice that on a busy machine), so the
 * run's global setup makes one and every file loads a copy of it (PGlite's data-folder archive; on the
 * PostgreSQL server, a template database). A file that needs an empty database asks for one.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The archive of a migrated and seeded PGlite data folder (server-pglite runs). */
    preparedPgliteArchive?: string;
    /** A migrated and seeded database on the PostgreSQL server, to create each file's copy from. */
    preparedPostgresTemplate?: string;
  }
}

/** Names what the prepared database was made from, so a changed migration or seed is never served stale. */
export function preparedDatabaseFingerprint(): string {
  const hash = createHash('sha256');
  const root = path.resolve(import.meta.dirname, '../src/db');
  for (const folder of ['migrations', 'migrations/meta', 'seed']) {
    const dir = path.join(root, folder);
    for (const name of readdirSync(dir).sort()) {
      if (!name.includes('.')) continue;
      hash.update(name);
      hash.update(readFileSync(path.join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
