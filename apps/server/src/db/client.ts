import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { CONNECTION_SETTINGS, DEFAULT_POOL_SIZE } from './connection-settings.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { splitSocketUrl } from './socket-url.ts';

/** One type for both drivers; transactions are of the same type, so services take either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'embedded' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel. `onListening` runs each time the subscription is (re)established: after the
   * first time, notifications may have been missed while the connection was down.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListening?: () => void): Promise<Unlisten>;
  close(): Promise<void>;
}

export type Unlisten = () => Promise<void>;

// Beside this file in the sources; copied beside the bundle by build.mjs.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export function migrationsFolder(): string {
  if (fs.existsSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'))) return MIGRATIONS_DIR;
  throw new Error(`Migrations not found at ${MIGRATIONS_DIR}`);
}

/** A randomly chosen constant: the advisory lock that lets only one process migrate at a time. */
const MIGRATION_LOCK_KEY = 4_711_2026;

export interface PostgresOptions {
  max?: number;
  /** Sees every statement sent (the benchmark records an endpoint's statements with it). */
  onQuery?: (query: string, parameters: unknown[]) => void;
}

/**
 * Drizzle sends every query unprepared (Parse, plan and run each time) unless it was built with
 * `.prepare(name)`. Its queries are parameterized, so their texts are few: each connection prepares
 * each text once and reuses it (postgres.js keys prepared statements by text), as the driver would on
 * its own, and PostgreSQL stops parsing and planning them on every request. Statements without
 * parameters still go as simple queries (migrations).
 */
function alwaysPrepared(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, args?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, args, { ...options, prepare: true });
      }
      if (property === 'begin' || property === 'savepoint') {
        const start = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const callback = args.at(-1) as (tx: postgres.Sql) => unknown;
          return start.call(target, ...args.slice(0, -1), (tx: postgres.Sql) => callback(alwaysPrepared(tx)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

export function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Database {
  const { onQuery } = options;
  const { url, path } = splitSocketUrl(databaseUrl);
  const socket = path ? { path } : {};
  const client = postgres(url, {
    max: options.max ?? DEFAULT_POOL_SIZE,
    ...socket,
    debug: onQuery ? (_connection, query, parameters) => onQuery(query, parameters) : undefined,
    onnotice: () => {},
    connection: CONNECTION_SETTINGS,
  });
  const db = drizzlePostgres(alwaysPrepared(client)) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several app processes may start at once against one server: only one migrates at a time.
      // One connection (max 1) holds the session-level lock and runs the migrations.
      const single = postgres(url, { max: 1, onnotice: () => {}, ...socket });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres(single), { migrationsFolder: migrationsFolder() });
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    async listen(channel, onPayload, onListening) {
      // postgres.js keeps one dedicated connection for LISTEN and re-subscribes after it reconnects.
      const subscription = await client.listen(channel, onPayload, onListening);
      return () => subscription.unlisten();
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** The contrib extensions the migrations create (community search: accent folding, name trigrams). */
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

export interface EmbeddedDatabase extends Database {
  /** The data folder as an archive, loadable with `openEmbedded(undefined, { loadDataDir })` (tests). */
  dumpDataDir(): Promise<Buffer>;
}

/**
 * PGlite in `dataDir` (locked against a second process), or in memory when dataDir is undefined, then
 * optionally started from an archive of another's data folder instead of an empty one.
 */
export async function openEmbedded(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<EmbeddedDatabase> {
  const lock = dataDir ? acquireDataDirLock(dataDir) : undefined;
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: options.loadDataDir,
    });
    const db = drizzlePglite(client) as unknown as Db;
    // One process owns the folder; within it, migration runs are queued rather than interleaved.
    let migrations = Promise.resolve();
    return {
      db,
      kind: 'embedded',
      migrate() {
        const run = migrations.then(() =>
          migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
        );
        migrations = run.catch(() => {});
        return run;
      },
      async listen(channel, onPayload, onListening) {
        // In one process with one connection, NOTIFY comes back to this same client on commit.
        const unlisten = await client.listen(channel, onPayload);
        onListening?.();
        return () => unlisten();
      },
      async dumpDataDir() {
        return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      },
      async close() {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl
    ? Promise.resolve(openPostgres(config.databaseUrl, { max: config.databasePoolSize }))
    : openEmbedded(config.dataDir);
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL query, whichever driver ran it (PGlite answers { rows }, postgres-js an array). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
