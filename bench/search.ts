/**
 * `npm run bench:search [-- --sizes small,full --runs 200]`: community search's latency on the benchmark
 * databases (generated as `npm run bench` does, bench/sql/generate.sql), through the app's own service
 * and driver settings (one generic plan per statement elsewhere; search plans for its words). Each
 * scenario runs `runs` times as different members, one at a time after a warm-up, and prints p50/p99;
 * then EXPLAIN ANALYZE of the statement of the slowest scenario, to check that each kind reads its GIN
 * index (or stops early on a common word) and is bounded by its LIMIT.
 */
import postgres from 'postgres';
import { CONNECTION_SETTINGS } from '../apps/server/src/db/connection-settings.ts';
import { argument } from './lib/arguments.ts';
import { databaseUrl, prepareBenchDatabase, type Size } from './lib/databases.ts';
import { measureSearch } from './lib/search-latency.ts';
import { round } from './lib/stats.ts';

const sizes = argument('sizes', 'small').split(',') as Size[];
const runs = Number(argument('runs', '200'));

async function benchSize(size: Size) {
  await prepareBenchDatabase(size, (line) => console.log(line));
  console.log(`\n${size}: ${runs} searches per scenario (ms)`);
  console.log('scenario'.padEnd(40), 'p50'.padStart(7), 'p99'.padStart(7), 'max'.padStart(7), 'rows'.padStart(6));
  const { scenarios, slowest } = await measureSearch(size, runs);
  for (const scenario of scenarios) {
    console.log(
      scenario.name.padEnd(40),
      String(round(scenario.p50)).padStart(7),
      String(round(scenario.p99)).padStart(7),
      String(round(scenario.max)).padStart(7),
      String(scenario.rows).padStart(6),
    );
  }
  if (!slowest) return;
  console.log(`\n${size}: EXPLAIN ANALYZE of the slowest (${slowest.name})`);
  const sql = postgres(databaseUrl(size), { max: 1, onnotice: () => {}, connection: CONNECTION_SETTINGS });
  try {
    await sql.begin(async (tx) => {
      // The settings searchCommunity's transaction makes (SEARCH_SETTINGS in search-service.ts).
      await tx.unsafe(
        "select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('enable_seqscan', 'off', true), set_config('gin_fuzzy_search_limit', '5000', true)",
      );
      const plan = await tx.unsafe(
        `explain (analyze, buffers, costs off) ${slowest.text}`,
        slowest.parameters as never[],
      );
      for (const row of plan) console.log(row['QUERY PLAN']);
    });
  } finally {
    await sql.end();
  }
}

for (const size of sizes) await benchSize(size);
