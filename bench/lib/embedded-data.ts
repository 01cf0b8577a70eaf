// The embedded default's benchmark data: a PGlite data folder (as the server opens it without
// DATABASE_URL) holding generate.sql's community at the 1/100 size, made once and kept, and sessions
// written into it before the server starts (PGlite is one process's: the server cannot share it).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openEmbedded } from '../../apps/server/src/db/client.ts';
import { seedCatalog } from '../../apps/server/src/db/seed/seed.ts';
import { SCALE } from './databases.ts';
import { freshSessionExpiry, memberId, signedCookie } from './sessions.ts';

/** bench/.data is ignored by git: the folder is the benchmark's cache, not the project's. */
export const EMBEDDED_DATA_DIR = path.resolve(import.meta.dirname, '..', '.data', 'embedded-small');
const MARKER = path.join(EMBEDDED_DATA_DIR, 'bench-generated.json');

function generatorScript(): string {
  return fs.readFileSync(new URL('../sql/generate.sql', import.meta.url), 'utf8');
}

/** The data folder is generated again when the generator changes, as the server's databases are. */
const generatorHash = () => createHash('sha256').update(generatorScript()).digest('hex').slice(0, 16);

export type EmbeddedQuery = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * Opens the folder (generating it first if needed), migrates it, and hands its raw SQL to `use`
 * (fixtures, sessions); closed again before the server is started on it.
 */
export async function withEmbeddedData<T>(
  log: (line: string) => void,
  use: (query: EmbeddedQuery) => Promise<T>,
): Promise<T> {
  const hash = generatorHash();
  const marker = fs.existsSync(MARKER) ? (JSON.parse(fs.readFileSync(MARKER, 'utf8')) as { hash?: string }) : {};
  const fresh = marker.hash !== hash;
  if (fresh) {
    fs.rmSync(EMBEDDED_DATA_DIR, { recursive: true, force: true });
    fs.mkdirSync(EMBEDDED_DATA_DIR, { recursive: true });
    log(`embedded: generating data at scale ${SCALE.small} in ${path.relative(process.cwd(), EMBEDDED_DATA_DIR)} …`);
  }
  const started = Date.now();
  const database = await openEmbedded(EMBEDDED_DATA_DIR);
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    if (fresh) {
      await seedCatalog(database.db);
      await client.exec(generatorScript().replaceAll(':scale', String(SCALE.small)));
      await client.exec('vacuum analyze');
      fs.writeFileSync(MARKER, JSON.stringify({ hash, generatedAt: new Date().toISOString() }));
      log(`embedded: generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    return await use(async <R>(text: string, params: unknown[] = []) => (await client.query<R>(text, params)).rows);
  } finally {
    await database.close();
  }
}

/** Real sessions for members 1..count through the open PGlite handle; returns their cookies. */
export async function createEmbeddedSessions(query: EmbeddedQuery, count: number): Promise<string[]> {
  await query(`delete from session where id like 'bench-session-%'`);
  const cookies: string[] = [];
  const expires = freshSessionExpiry().toISOString();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      id: `bench-session-${start + i + 1}-${randomBytes(6).toString('hex')}`,
      token: randomBytes(24).toString('base64url'),
      userId: memberId(start + i + 1),
    }));
    const values = rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3}, '${expires}')`).join(', ');
    await query(
      `insert into session (id, token, user_id, expires_at) values ${values}`,
      rows.flatMap((row) => [row.id, row.token, row.userId]),
    );
    cookies.push(...rows.map((row) => signedCookie(row.token)));
  }
  return cookies;
}
