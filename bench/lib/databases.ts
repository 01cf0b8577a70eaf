import fs from 'node:fs';
import postgres from 'postgres';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { seedCatalog } from '../../apps/server/src/db/seed/seed.ts';

export type Size = 'full' | 'small';
export const SCALE: Record<Size, number> = { full: 1, small: 0.01 };

// Bump when generate.sql changes, so existing benchmark databases are generated again.
const GENERATOR_VERSION = '3';

/** The server the benchmark uses (DATABASE_URL, or the local one); its databases are made beside it. */
export function serverUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** An empty database of this name beside the benchmark's (dropped first if it exists); its URL. */
export async function recreateDatabase(name: string): Promise<string> {
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export function databaseUrl(size: Size): string {
  const url = new URL(serverUrl());
  url.pathname = `/lunara_bench_${size}`;
  return url.toString();
}

async function isGenerated(size: Size): Promise<Date | undefined> {
  const sql = postgres(databaseUrl(size), { max: 1, onnotice: () => {} });
  try {
    const [done] = await sql<[{ generated_at: Date }]>`
      select generated_at from bench_generated where version = ${GENERATOR_VERSION}`;
    return done?.generated_at;
  } catch {
    return undefined; // no such database or table yet
  } finally {
    await sql.end();
  }
}

/** Creates, migrates and fills the database of one size, unless it already holds this generator's data. */
export async function prepareBenchDatabase(size: Size, log: (line: string) => void): Promise<void> {
  const name = `lunara_bench_${size}`;
  const generatedAt = await isGenerated(size);
  if (generatedAt && !process.argv.includes('--fresh')) {
    // Migrations added since the data was generated still apply.
    const database = openPostgres(databaseUrl(size), { max: 2 });
    await database.migrate().finally(() => database.close());
    log(`${size}: data generated on ${generatedAt.toISOString()} (--fresh to generate again)`);
    return;
  }
  log(`${size}: generating data at scale ${SCALE[size]} …`);
  const started = Date.now();
  await recreateDatabase(name);
  const database = openPostgres(databaseUrl(size), { max: 2 });
  try {
    await database.migrate();
    await seedCatalog(database.db);
  } finally {
    await database.close();
  }
  const sql = postgres(databaseUrl(size), { max: 1, onnotice: () => {} });
  try {
    const script = fs.readFileSync(new URL('../sql/generate.sql', import.meta.url), 'utf8');
    await sql.unsafe(script.replaceAll(':scale', String(SCALE[size])));
    await sql.unsafe('vacuum analyze');
    await sql`create table bench_generated (version text not null, generated_at timestamptz not null default now())`;
    await sql`insert into bench_generated (version) values (${GENERATOR_VERSION})`;
  } finally {
    await sql.end();
  }
  log(`${size}: generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
