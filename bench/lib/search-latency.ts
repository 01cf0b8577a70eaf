// Community search's latency through the app's own service on a benchmark database: each scenario runs
// `runs` times as different members, one at a time after a warm-up. Used by `npm run bench:search` and by
// the features part of `npm run bench`.
import type { SearchKind, SearchSince } from '@lunara/shared/search';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { NO_BLOCKS } from '../../apps/server/src/modules/blocks/block-service.ts';
import { searchCommunity } from '../../apps/server/src/modules/search/search-service.ts';
import { databaseUrl, SCALE, type Size } from './databases.ts';
import { memberId } from './sessions.ts';
import { percentile } from './stats.ts';

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

export interface SearchScenarioResult {
  name: string;
  p50: number;
  p99: number;
  max: number;
  rows: number;
}

export interface SearchLatency {
  scenarios: SearchScenarioResult[];
  /** The statement of the scenario with the highest p99, for an EXPLAIN. */
  slowest?: { name: string; text: string; parameters: unknown[] };
}

/** Every scenario `runs` times (after 10 unmeasured), on the benchmark database of `size`. */
export async function measureSearch(size: Size, runs: number): Promise<SearchLatency> {
  let lastQuery: { text: string; parameters: unknown[] } | undefined;
  const database = openPostgres(databaseUrl(size), {
    max: 4,
    onQuery: (text, parameters) => {
      if (/ts_headline/.test(text)) lastQuery = { text, parameters };
    },
  });
  const members = Math.max(10, Math.floor(50_000 * SCALE[size]));
  const scenarios: SearchScenarioResult[] = [];
  let slowest: SearchLatency['slowest'];
  let slowestP99 = -1;
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
      const result = {
        name: scenario.name,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1) ?? 0,
        rows,
      };
      scenarios.push(result);
      if (result.p99 >= slowestP99 && lastQuery) {
        slowestP99 = result.p99;
        slowest = { name: scenario.name, ...lastQuery };
      }
    }
  } finally {
    await database.close();
  }
  return { scenarios, slowest };
}
