// Runs in its own process: an endpoint's SQL statements straight through the driver, as many loops at
// once as the load had connections, over a pool the size of the server's. Prints a LoadResult as JSON.
import fs from 'node:fs';
import postgres from 'postgres';
import { CONNECTION_SETTINGS } from '../apps/server/src/db/connection-settings.ts';
import { type LoadResult, percentile } from './lib/stats.ts';

interface Spec {
  databaseUrl: string;
  connections: number;
  pool: number;
  durationSeconds: number;
  warmupSeconds: number;
  variants: Array<Array<{ query: string; parameters: unknown[] }>>;
}

const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as Spec;
// The app's own connection settings: like for like.
const sql = postgres(spec.databaseUrl, { max: spec.pool, onnotice: () => {}, connection: CONNECTION_SETTINGS });
const latencies: number[] = [];
let errors = 0;
let next = 0;
const warmUntil = Date.now() + spec.warmupSeconds * 1000;
const endAt = warmUntil + spec.durationSeconds * 1000;

async function loop() {
  while (Date.now() < endAt) {
    const statements = spec.variants[next++ % spec.variants.length] ?? [];
    const started = performance.now();
    try {
      for (const statement of statements) {
        await sql.unsafe(statement.query, statement.parameters as postgres.ParameterOrJSON<never>[], { prepare: true });
      }
      if (Date.now() >= warmUntil) latencies.push(performance.now() - started);
    } catch {
      errors++;
    }
  }
}
await Promise.all(Array.from({ length: spec.connections }, loop));
await sql.end();
latencies.sort((a, b) => a - b);
const output: LoadResult = {
  rps: latencies.length / spec.durationSeconds,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  requests: latencies.length,
  errors,
};
process.stdout.write(JSON.stringify(output));
