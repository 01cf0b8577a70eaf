/**
 * `npm run bench:search [-- --sizes small,full --runs 200]`: community search's latency on the benchmark
 * databases (generated as `npm run bench` does, bench/sql/generate.sql), through the app's own service
 * and driver settings (one generic plan per statement elsewhere; search plans for its words). Each
 * scenario runs `runs` times as different members, one at a time after a warm-up, and prints p50/p99;
 * then EXPLAIN ANALYZE of the statement of the slowest scenario, to check that each kind reads its GIN
 * index (or stops early on a common word) and is bounded by its LIMIT.
 */
import type { SearchKind, SearchSince } from '@lunara/shared/search';
import postgres from 'postgres';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { CONNECTION_SETTINGS } from '../apps/server/src/db/connection-settings.ts';
import { NO_BLOCKS } from '../apps/server/src/modules/blocks/block-service.ts';
import { searchCommunity } from '../apps/server/src/modules/search/search-service.ts';
import { databaseUrl, prepareBenchDatabase, SCALE, type Size } from './lib/databases.ts';
import { memberId } from './lib/sessions.ts';
import { percentile, round } from './lib/stats.ts';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const sizes = argument('sizes', 'small').split(',') as Size[];
const runs = Number(argument('runs', '200'));

interface Scenario {
  name: string;
  q: (i: number) => string;
  kind?: SearchKind;
  since?: SearchSince;
}

// The generated texts: every post says "moon" and "release", every comment "sister", every reply
// "resonates"; numbers make single rows findable.
const SCENARIOS: Scenario[] = [
  { name: 'common word, all kinds', q: () => 'moon' },
  { name: 'common prefix as typed ("rel")', q: () => 'rel' },
  { name: 'two common words', q: () => 'moon release' },
  { name: 'rare: one post by number', q: (i) => `post ${1000 + i * 37}` },
  { name: 'no match', q: (i) => `zzqx${i}` },
  { name: 'member name part', q: (i) => `ster ${100 + i}`, kind: 'member' },
  { name: 'posts only, page 1', q: () => 'moon', kind: 'post' },
  { name: 'comments only, past week', q: () => 'sister', kind: 'comment', since: 'week' },
  { name: 'replies only', q: () => 'resonates', kind: 'reply' },
];

async function benchSize(size: Size) {
  await prepareBenchDatabase(size, (line) => console.log(line));
  let lastQuery: { text: string; parameters: unknown[] } | undefined;
  const database = openPostgres(databaseUrl(size), {
    max: 4,
    onQuery: (text, parameters) => {
      if (/ts_headline/.test(text)) lastQuery = { text, parameters };
    },
  });
  const members = Math.max(10, Math.floor(50_000 * SCALE[size]));
  console.log(`\n${size}: ${runs} searches per scenario (ms)`);
  console.log('scenario'.padEnd(40), 'p50'.padStart(7), 'p99'.padStart(7), 'max'.padStart(7), 'rows'.padStart(6));
  let slowest = { p99: 0, query: lastQuery, name: '' };
  try {
    for (const scenario of SCENARIOS) {
      const one = (i: number) =>
        searchCommunity(database.db, {
          viewerId: memberId(2 + (i % (members - 2))),
          blocks: NO_BLOCKS,
          q: scenario.q(i),
          kind: scenario.kind,
          since: scenario.since ?? 'any',
        });
      for (let i = 0; i < 10; i++) await one(i);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const result = await one(i);
        times.push(performance.now() - started);
        rows = result.groups.reduce((sum, group) => sum + group.items.length, 0);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      console.log(
        scenario.name.padEnd(40),
        String(round(percentile(times, 50))).padStart(7),
        String(round(p99)).padStart(7),
        String(round(times.at(-1) ?? 0)).padStart(7),
        String(rows).padStart(6),
      );
      if (p99 >= slowest.p99) slowest = { p99, query: lastQuery, name: scenario.name };
    }
  } finally {
    await database.close();
  }
  if (!slowest.query) return;
  console.log(`\n${size}: EXPLAIN ANALYZE of the slowest (${slowest.name})`);
  const sql = postgres(databaseUrl(size), { max: 1, onnotice: () => {}, connection: CONNECTION_SETTINGS });
  try {
    await sql.begin(async (tx) => {
      // The settings searchCommunity's transaction makes (SEARCH_SETTINGS in search-service.ts).
      await tx.unsafe(
        "select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('enable_seqscan', 'off', true), set_config('gin_fuzzy_search_limit', '5000', true)",
      );
      const plan = await tx.unsafe(
        `explain (analyze, buffers, costs off) ${slowest.query?.text}`,
        slowest.query?.parameters as never[],
      );
      for (const row of plan) console.log(row['QUERY PLAN']);
    });
  } finally {
    await sql.end();
  }
}

for (const size of sizes) await benchSize(size);
