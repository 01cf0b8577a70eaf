/**
 * `npm run bench:analytics [-- --sizes full --runs 200]`: the admin analytics on the benchmark databases
 * (generated as `npm run bench` does, bench/sql/generate.sql: at full size 50,000 members over about a
 * year, 500,000 posts, 1,000,000 comments and messages). It runs the analytics job until every day is
 * computed (timing each day's computation), then reads GET /api/admin/analytics's answer through the
 * app's own service `runs` times per range and prints p50/p99 (the budget: under 100 ms).
 */
import { ANALYTICS_BUDGET_MS, measureAnalytics } from './lib/analytics-latency.ts';
import { argument } from './lib/arguments.ts';
import { prepareBenchDatabase, type Size } from './lib/databases.ts';
import { round } from './lib/stats.ts';

const sizes = argument('sizes', 'full').split(',') as Size[];
const runs = Number(argument('runs', '200'));

let failed = false;
for (const size of sizes) {
  await prepareBenchDatabase(size, (line) => console.log(line));
  const result = await measureAnalytics(size, runs);
  console.log(
    `\n${size}: job filled ${result.days} days in ${result.ticks} ticks, ${round(result.jobMs / 1000)} s (${round(result.jobMs / result.days)} ms a day), ${result.aggregateRows} aggregate rows`,
  );
  console.log(`${size}: today's computation p50 ${round(result.todayP50)} ms, max ${round(result.todayMax)} ms`);
  console.log(`\n${size}: ${runs} reads per range (ms), budget ${ANALYTICS_BUDGET_MS} ms`);
  console.log('range'.padEnd(8), 'p50'.padStart(7), 'p99'.padStart(7), 'max'.padStart(7), 'points'.padStart(7), '');
  for (const range of result.ranges) {
    const pass = range.p99 < ANALYTICS_BUDGET_MS;
    failed ||= !pass;
    console.log(
      range.range.padEnd(8),
      String(round(range.p50)).padStart(7),
      String(round(range.p99)).padStart(7),
      String(round(range.max)).padStart(7),
      String(range.points).padStart(7),
      pass ? 'PASS' : 'FAIL',
    );
  }
}
process.exitCode = failed ? 1 : 0;
