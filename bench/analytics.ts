/**
 * `npm run bench:analytics [-- --sizes full --runs 200]`: the admin analytics on the benchmark databases
 * (generated as `npm run bench` does, bench/sql/generate.sql: at full size 50,000 members over about a
 * year, 500,000 posts, 1,000,000 comments and messages). It runs the analytics job until every day is
 * computed (timing each day's computation), then reads GET /api/admin/analytics's answer through the
 * app's own service `runs` times per range and prints p50/p99 (the budget: under 100 ms).
 */
import { ANALYTICS_RANGES, type AnalyticsRange } from '@lunara/shared/analytics';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../apps/server/src/db/client.ts';
import { runAnalyticsJob, storeDay } from '../apps/server/src/modules/analytics/analytics-job.ts';
import { getAnalytics } from '../apps/server/src/modules/analytics/analytics-service.ts';
import { databaseUrl, prepareBenchDatabase, type Size } from './lib/databases.ts';
import { percentile, round } from './lib/stats.ts';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const sizes = argument('sizes', 'full').split(',') as Size[];
const runs = Number(argument('runs', '200'));
const BUDGET_MS = 100;

async function benchSize(size: Size) {
  await prepareBenchDatabase(size, (line) => console.log(line));
  const database = openPostgres(databaseUrl(size), { max: 4 });
  const { db } = database;
  let failed = false;
  try {
    // Every day computed again, as on a first deployment: the job's ticks until nothing is left.
    await db.execute(sql`truncate analytics_daily, analytics_days`);
    const started = performance.now();
    let ticks = 0;
    let days = 0;
    for (;;) {
      const stored = await runAnalyticsJob(db);
      ticks++;
      days += stored;
      if (stored <= 1) break;
    }
    const jobMs = performance.now() - started;
    const [{ rows } = { rows: 0 }] = await queryRows<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from analytics_daily`,
    );
    console.log(
      `\n${size}: job filled ${days} days in ${ticks} ticks, ${round(jobMs / 1000)} s (${round(jobMs / days)} ms a day), ${rows} aggregate rows`,
    );
    // One day's computation alone (today, the tick's fixed cost), a few times.
    const today = new Date().toISOString().slice(0, 10);
    const dayTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await storeDay(db, today, false);
      dayTimes.push(performance.now() - t0);
    }
    dayTimes.sort((a, b) => a - b);
    console.log(
      `${size}: today's computation p50 ${round(percentile(dayTimes, 50))} ms, max ${round(dayTimes.at(-1) ?? 0)} ms`,
    );

    console.log(`\n${size}: ${runs} reads per range (ms), budget ${BUDGET_MS} ms`);
    console.log('range'.padEnd(8), 'p50'.padStart(7), 'p99'.padStart(7), 'max'.padStart(7), 'points'.padStart(7), '');
    for (const range of ANALYTICS_RANGES as readonly AnalyticsRange[]) {
      const one = () => getAnalytics(db, { range });
      for (let i = 0; i < 10; i++) await one();
      const times: number[] = [];
      let points = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        points = (await one()).points.length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      const pass = p99 < BUDGET_MS;
      failed ||= !pass;
      console.log(
        range.padEnd(8),
        String(round(percentile(times, 50))).padStart(7),
        String(round(p99)).padStart(7),
        String(round(times.at(-1) ?? 0)).padStart(7),
        String(points).padStart(7),
        pass ? 'PASS' : 'FAIL',
      );
    }
  } finally {
    await database.close();
  }
  return failed;
}

let anyFailed = false;
for (const size of sizes) anyFailed = (await benchSize(size)) || anyFailed;
process.exitCode = anyFailed ? 1 : 0;
