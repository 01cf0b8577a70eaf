// The write paths (`npm run bench -- --only writes`): like, comment, post, forum reply, message send,
// lesson complete, ritual complete and RSVP, one at a time at 50 connections through the built server,
// each request a different real write (lib/write-requests.ts, write-worker.ts); then every total the
// schema keeps must equal its rows and the points ledger (lib/exactness.ts), and the leaderboards the
// server answers must equal the ledger's ranking.
import { SUBSCRIBED_STATUSES } from '@lunara/shared/billing';
import { isModeratorRole, ROLES } from '@lunara/shared/roles';
import postgres from 'postgres';
import { databaseUrl, type Size } from './lib/databases.ts';
import { checkExactness, type Exactness } from './lib/exactness.ts';
import type { BenchOptions, BenchSection, Budget } from './lib/section.ts';
import { startServer } from './lib/server-process.ts';
import { createSessions } from './lib/sessions.ts';
import { round } from './lib/stats.ts';
import { machineCpu, runJsonWorker } from './lib/workers.ts';
import {
  buildWriteRequests,
  WRITE_PATH_TITLES,
  WRITE_PATHS,
  type WritePath,
  type WriteSetting,
} from './lib/write-requests.ts';
import type { WriteLoadResult, WriteLoadSpec } from './write-worker.ts';

const PORT = 3500;
const CONNECTIONS = 50;
const BUDGET_P99_MS = 50;
/** Members with sessions who write: enough that none nears a per-member limit (60 messages a minute). */
const WRITERS = 5000;
/** Requests laid out per connection: enough for the run at this rate, which no write path reaches here. */
const MAX_RATE = 1500;

interface PathResult extends WriteLoadResult {
  path: WritePath;
  /** Share of the machine's CPU the hypervisor took during the run (0-1). */
  steal: number;
  /** Requests laid out for it (all connections). */
  prepared: number;
}

interface LeaderboardCheck {
  period: 'all' | 'week' | 'month';
  equal: boolean;
  detail: string;
}

const STAFF_ROLES = ROLES.filter(isModeratorRole);
/** modules/billing/community-access.ts canUseCommunity, in plain SQL: who a leaderboard ranks. */
const canUseCommunity = (member: string) => `(
  exists (select 1 from user_roles r where r.user_id = ${member} and r.role in (${STAFF_ROLES.map((role) => `'${role}'`).join(', ')}))
  or exists (select 1 from subscriptions s where s.user_id = ${member}
             and s.status in (${SUBSCRIBED_STATUSES.map((status) => `'${status}'`).join(', ')})
             and not (s.status = 'active' and s.current_period_end <= now()
                      and (s.provider = 'complimentary' or (s.provider = 'test' and s.cancel_at_period_end)))))`;

/** The top 50 of a period from the ledger itself (not the totals the server reads). */
async function ledgerTop(sql: postgres.Sql, period: LeaderboardCheck['period']) {
  const inPeriod =
    period === 'all'
      ? 'true'
      : `date_trunc('${period}', created_at at time zone 'UTC') = date_trunc('${period}', now() at time zone 'UTC')`;
  return sql.unsafe<Array<{ user_id: string; points: number }>>(
    `select user_id, points::int from (
       select user_id, sum(amount) as points from points_ledger where ${inPeriod} group by user_id
     ) l where points > 0 and ${canUseCommunity('l.user_id')}
     order by points desc, user_id limit 50`,
  );
}

/** Each leaderboard as the server answers it now, against the ledger's ranking. */
async function checkLeaderboards(url: string, serverUrl: string, cookie: string): Promise<LeaderboardCheck[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const checks: LeaderboardCheck[] = [];
    for (const period of ['all', 'week', 'month'] as const) {
      const response = await fetch(`${serverUrl}/api/leaderboard?period=${period}`, { headers: { cookie } });
      const served = ((await response.json()) as { entries?: Array<{ userId: string; points: number }> }).entries ?? [];
      const expected = await ledgerTop(sql, period);
      const differing = expected.findIndex(
        (row, index) => served[index]?.userId !== row.user_id || served[index]?.points !== row.points,
      );
      const equal = response.ok && served.length === expected.length && differing < 0;
      const at = differing < 0 ? served.length : differing;
      checks.push({
        period,
        equal,
        detail: equal
          ? `${served.length} entries equal`
          : `rank ${at + 1}: served ${served[at]?.userId ?? 'none'} ${served[at]?.points ?? ''}, ledger ${expected[at]?.user_id ?? 'none'} ${expected[at]?.points ?? ''} (status ${response.status})`,
      });
    }
    return checks;
  } finally {
    await sql.end();
  }
}

async function communitySize(sql: postgres.Sql) {
  const [counts] = await sql<[{ members: number; posts: number; topics: number; now: Date }]>`
    select (select count(*)::int from profiles where id like 'bench-%') as members,
           (select count(*)::int from posts where title like 'Post number %') as posts,
           (select count(*)::int from forum_topics where title like 'Topic number %') as topics,
           now() as now`;
  if (!counts?.members) throw new Error('no benchmark members: generate the data first');
  return counts;
}

const format = (result: PathResult) =>
  `${WRITE_PATH_TITLES[result.path].padEnd(16)} ${result.rps.toFixed(0).padStart(5)} req/s  p50 ${result.p50
    .toFixed(1)
    .padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  server ${result.serverMicros?.toFixed(0)} µs/req${
    result.errors ? `  ${result.errors} errors` : ''
  }${result.exhausted ? `  ${result.exhausted} connections ran out of requests` : ''}  (host steal ${(result.steal * 100).toFixed(1)}%)`;

export async function benchWrites(options: BenchOptions): Promise<BenchSection> {
  const { log } = options;
  const size: Size = options.quick ? 'small' : options.sizes.includes('full') ? 'full' : (options.sizes[0] ?? 'small');
  const url = databaseUrl(size);
  const warmupSeconds = options.quick ? 2 : 5;
  const durationSeconds = options.durationSeconds;
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const results: PathResult[] = [];
  let exactness: Exactness = { checked: [], mismatches: [] };
  let leaderboards: LeaderboardCheck[] = [];
  try {
    const community = await communitySize(sql);
    const cookies = await createSessions(url, Math.min(community.members, WRITERS + 1));
    log(
      `\n== ${size}: write paths, ${CONNECTIONS} connections, ${durationSeconds} s each after ${warmupSeconds} s unmeasured`,
    );
    const server = await startServer(url, PORT);
    try {
      const setting: WriteSetting = {
        sql,
        members: community.members,
        posts: community.posts,
        topics: community.topics,
        cookies,
        connections: CONNECTIONS,
        perConnection: Math.ceil((MAX_RATE * (warmupSeconds + durationSeconds)) / CONNECTIONS),
        origin: server.url,
      };
      // BENCH_WRITE_PATHS=like,comment runs only those (a developer's check of one path).
      const only = process.env.BENCH_WRITE_PATHS?.split(',');
      for (const writePath of WRITE_PATHS.filter((path) => !only || only.includes(path))) {
        const queues = await buildWriteRequests(setting, writePath);
        const before = machineCpu();
        const result = await runJsonWorker<WriteLoadResult>('write-worker.ts', {
          url: server.url,
          warmupSeconds,
          durationSeconds,
          serverPid: server.pid,
          queues,
        } satisfies WriteLoadSpec);
        const after = machineCpu();
        const total = after.total - before.total;
        const measured: PathResult = {
          ...result,
          path: writePath,
          steal: total > 0 ? (after.steal - before.steal) / total : 0,
          prepared: queues.reduce((sum, queue) => sum + queue.length, 0),
        };
        results.push(measured);
        log(format(measured));
        for (const failure of measured.failures) log(`  ${failure}`);
      }
      // The server's caches hear of the last writes through NOTIFY; the leaderboards it answers must
      // have caught up by now, as a member reloading the page would see them.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      leaderboards = await checkLeaderboards(url, server.url, cookies[1] ?? '');
    } finally {
      await server.stop();
    }
    exactness = await checkExactness(url, { since: community.now });
    log(`exactness: ${exactness.checked.length} checks, ${exactness.mismatches.length} mismatches`);
    for (const mismatch of exactness.mismatches) log(`  ${mismatch}`);
    for (const check of leaderboards) log(`leaderboard ${check.period}: ${check.detail}`);
  } finally {
    await sql.end();
  }
  return section(size, warmupSeconds, durationSeconds, results, exactness, leaderboards);
}

function section(
  size: Size,
  warmupSeconds: number,
  durationSeconds: number,
  results: PathResult[],
  exactness: Exactness,
  leaderboards: LeaderboardCheck[],
): BenchSection {
  const budgets: Budget[] = results.map((result) => ({
    name: `write path ${WRITE_PATH_TITLES[result.path]}: p99 at ${CONNECTIONS} connections < ${BUDGET_P99_MS} ms (${size} size), no errors`,
    value: `${round(result.p99)} ms at ${result.rps.toFixed(0)} req/s${result.errors ? `, ${result.errors} errors` : ''}${
      result.exhausted ? `, ${result.exhausted} connections ran out of requests` : ''
    }`,
    pass: result.requests > 0 && result.p99 < BUDGET_P99_MS && result.errors === 0 && result.exhausted === 0,
  }));
  budgets.push({
    name: 'write paths: after the run, counters, points totals and leaderboard tables equal the rows and the ledger',
    value: `${exactness.mismatches.length} mismatches in ${exactness.checked.length} checks`,
    pass: exactness.checked.length > 0 && exactness.mismatches.length === 0,
  });
  budgets.push({
    name: 'write paths: the leaderboards the server answers equal the ledger (all time, week, month)',
    value: leaderboards.map((check) => `${check.period}: ${check.detail}`).join('; ') || 'not checked',
    pass: leaderboards.length === 3 && leaderboards.every((check) => check.equal),
  });
  const rows = results.map(
    (result) =>
      `| ${WRITE_PATH_TITLES[result.path]} | ${result.rps.toFixed(0)} | ${round(result.p50)} | ${round(result.p99)} | ${result.serverMicros?.toFixed(0)} | ${result.requests} | ${result.errors} | ${(result.steal * 100).toFixed(1)}% |`,
  );
  const markdown = [
    `${size} size; ${CONNECTIONS} keep-alive connections, each sending its own requests one after another through the built server (\`write-worker.ts\`), ${warmupSeconds} s unmeasured then ${durationSeconds} s measured per path; every request a different real write with a member's session, the Origin header of a same-origin page and, where the web app sends one, an Idempotency-Key (\`lib/write-requests.ts\`): likes of recent posts by members who had not liked them, comments, posts, forum replies, messages to a neighbour's conversation, each member's next lessons in course order, ritual templates not yet completed today, and first "going" answers to events made for the run. "server µs" is the server process's CPU time per request.`,
    '',
    '| write path | req/s | p50 ms | p99 ms | server µs | requests | errors | host steal |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `After the run (\`lib/exactness.ts\`, one repeatable-read transaction over the whole database, so a mismatch an earlier run left, of this part or another, fails it too): ${exactness.checked.length} checks, ${exactness.mismatches.length} mismatches.`,
    '',
    ...exactness.checked.map((check) => `- ${check}`),
    ...(exactness.mismatches.length
      ? ['', '**Mismatches:**', '', ...exactness.mismatches.map((line) => `- ${line}`)]
      : []),
    '',
    `Leaderboards served after the run against the ledger's own top 50: ${leaderboards.map((check) => `${check.period}: ${check.detail}`).join('; ')}.`,
  ].join('\n');
  return {
    key: 'writes',
    title: 'Write paths',
    budgets,
    markdown,
    data: { size, connections: CONNECTIONS, warmupSeconds, durationSeconds, paths: results, exactness, leaderboards },
  };
}
