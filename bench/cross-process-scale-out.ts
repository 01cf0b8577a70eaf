// Scale-out (issue 35): the CPU time each request costs the server processes, one process against four
// sharing one database (the notices of every write reach every process), and real-time delivery across
// processes (the streams on one, the messages sent through another).
import {
  type MixLoadResult,
  type MixRequest,
  type RealtimeResult,
  runMixLoad,
  runRealtime,
} from './cross-process-workers.ts';
import { databaseUrl, type Size } from './lib/databases.ts';
import { rowId } from './lib/endpoints.ts';
import type { BenchOptions, BenchSection } from './lib/section.ts';
import { type RunningServer, startServers, stopServers } from './lib/server-process.ts';
import { createSessions } from './lib/sessions.ts';
import { round } from './lib/stats.ts';

const PORTS = [3430, 3431, 3432, 3433];
/** In all, whatever the number of processes: moderate, so that four processes on two cores are not starved. */
const CONNECTIONS = 16;
const MIX_MEMBERS = 200;
const MAX_GROWTH = 0.15;
const REALTIME_P99_MS = 200;

/**
 * Each member's ten requests, members one after another: eight reads of cached and uncached pages and
 * two writes (10%) whose notices reach every process. Any ten consecutive requests are the same mix, so
 * runs that get further down the list in their time still send the same mix.
 */
function requestMix(cookies: string[], posts: string[]): MixRequest[] {
  const requests: MixRequest[] = [];
  for (let member = 2; member < MIX_MEMBERS + 2; member++) {
    const cookie = cookies[member - 1] as string;
    const conversation = rowId('conversation', member - 1);
    const post = posts[member % posts.length] as string;
    const get = (path: string): MixRequest => ({ method: 'GET', path, cookie });
    const writes: MixRequest[][] = [
      [
        { method: 'PUT', path: `/api/posts/${post}/like`, cookie },
        { method: 'DELETE', path: `/api/posts/${post}/like`, cookie },
      ],
      [
        { method: 'POST', path: `/api/posts/${post}/comments`, cookie, body: JSON.stringify({ content: 'Scale-out' }) },
        { method: 'POST', path: '/api/notifications/read-all', cookie, body: '{}' },
      ],
      [
        {
          method: 'POST',
          path: `/api/conversations/${conversation}/messages`,
          cookie,
          body: JSON.stringify({ content: 'Scale-out benchmark' }),
        },
        { method: 'POST', path: `/api/conversations/${conversation}/read`, cookie, body: '{}' },
      ],
    ];
    const [first, second] = writes[member % writes.length] as MixRequest[];
    requests.push(
      get('/api/posts'),
      get('/api/notifications'),
      first as MixRequest,
      get('/api/leaderboard?period=week'),
      get('/api/me'),
      get(`/api/conversations/${conversation}/messages`),
      get('/api/posts'),
      second as MixRequest,
      get('/api/leaderboard?period=all'),
      get('/api/conversations'),
    );
  }
  return requests;
}

async function firstPagePosts(url: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${url}/api/posts`, { headers: { cookie } });
  const page = (await response.json()) as { items: Array<{ id: string }> };
  return page.items.map((item) => item.id);
}

/** The mix through the first `processes` of the running servers, round robin. */
async function runMix(
  servers: RunningServer[],
  cookies: string[],
  options: BenchOptions,
  readsOnly = false,
): Promise<MixLoadResult> {
  const posts = await firstPagePosts((servers[0] as RunningServer).url, cookies[1] as string);
  const requests = requestMix(cookies, posts);
  return runMixLoad({
    targets: servers.map((server) => ({ url: server.url, pid: server.pid })),
    connections: CONNECTIONS,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.quick ? 2 : 5,
    requests: readsOnly ? requests.filter((request) => request.method === 'GET') : requests,
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const statuses = (result: MixLoadResult) =>
  Object.entries(result.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${count}×${code}`)
    .join(' ');

export async function benchScaleOut(options: BenchOptions): Promise<BenchSection> {
  const { log } = options;
  const size: Size = options.quick ? 'small' : 'full';
  const url = databaseUrl(size);
  // The small community has 500 members: as many streams as it has members but the senders.
  const streams = options.quick ? 400 : 2000;
  const cookies = await createSessions(url, streams + 1);

  // Four processes started once. One process alone, then all four, and again: this machine's speed
  // drifts over minutes, so the ratio is judged on runs made back to back, the median of the pairs. While
  // one serves alone the other three stay idle (listening: they hear its notices, at their own cost).
  const pairs = options.quick ? 1 : 2;
  const sends = options.quick ? 100 : 500;
  log(`\n== scale-out: ${size}, the same mix through 1 process and through 4 (${CONNECTIONS} connections in all)`);
  const runs: Array<{ one: MixLoadResult; four: MixLoadResult; ratio: number }> = [];
  const servers = await startServers(url, PORTS);
  let realtime: RealtimeResult;
  let readsOnly: { one: MixLoadResult; four: MixLoadResult; ratio: number } | undefined;
  try {
    // Every process as warm as the one that serves alone (its JIT, pool and caches) before the first
    // figure: three cold processes cost twice as much per request for their first seconds.
    await runMix(servers, cookies, { ...options, durationSeconds: options.quick ? 3 : 10 });
    for (let pair = 0; pair < pairs; pair++) {
      // Every other pair four first: whichever runs second has the warmer database.
      const fourFirst = pair % 2 === 1;
      const earlier = await runMix(fourFirst ? servers : servers.slice(0, 1), cookies, options);
      const later = await runMix(fourFirst ? servers.slice(0, 1) : servers, cookies, options);
      const [one, four] = fourFirst ? [later, earlier] : [earlier, later];
      log(`1 process : ${round(one.serverMicros, 0)} µs/req, ${one.rps.toFixed(0)} req/s ${statuses(one)}`);
      log(
        `4 processes: ${round(four.serverMicros, 0)} µs/req, ${four.rps.toFixed(0)} req/s ${statuses(four)} ` +
          `(each: ${four.perProcess.map((p) => round(p.cpuMicros / Math.max(1, p.requests), 0)).join(', ')} µs/req)`,
      );
      runs.push({ one, four, ratio: four.serverMicros / one.serverMicros });
    }
    // Not judged, a diagnosis: the same reads without the writes, so without a single notice. Growth here
    // is the cost of four processes on this machine, not of what they tell each other.
    const readsOne = await runMix(servers.slice(0, 1), cookies, options, true);
    const readsFour = await runMix(servers, cookies, options, true);
    readsOnly = { one: readsOne, four: readsFour, ratio: readsFour.serverMicros / readsOne.serverMicros };
    log(
      `reads only (no notices): 1 process ${round(readsOne.serverMicros, 0)}, 4 processes ${round(readsFour.serverMicros, 0)} µs/req`,
    );

    log(`\n== real time across processes: ${streams} streams on one process, messages sent through another`);
    const [streamsOn, sendThrough] = servers as [RunningServer, RunningServer];
    // Streams for members 2..streams+1; member m messages member m+1 in conversation m-1 (generate.sql).
    realtime = await runRealtime({
      url: streamsOn.url,
      sendUrl: sendThrough.url,
      streams: cookies.slice(1, streams + 1).map((cookie) => ({ cookie })),
      sends: Array.from({ length: sends }, (_, i) => ({
        cookie: cookies[(i * 4) % streams] as string,
        conversationId: rowId('conversation', (i * 4) % streams),
      })),
      concurrency: 10,
    });
  } finally {
    await stopServers(servers);
  }
  const ratio = median(runs.map((run) => run.ratio));
  const errors = runs.reduce((sum, run) => sum + run.one.errors + run.four.errors, 0);
  log(
    `${realtime.connected} streams, ${realtime.delivered}/${realtime.sent} delivered across processes: ` +
      `p50 ${realtime.p50.toFixed(1)} ms, p99 ${realtime.p99.toFixed(1)} ms`,
  );

  const markdown = [
    `The same request mix on \`lunara_bench_${size}\` (${MIX_MEMBERS} members, each: feed twice, notifications, both`,
    'leaderboards, /api/me, a conversation and the list, and two writes: a like and its undo, a comment and',
    'notifications read, or a message and its read mark) through one process and through four (round robin,',
    `${CONNECTIONS} connections in all, ${options.durationSeconds} s measured after the warm-up). CPU time from /proc of every`,
    'server process, summed, per request answered; pairs made back to back, judged on the median ratio.',
    '',
    '| pair | 1 process µs/req | 4 processes µs/req | ratio | req/s (1 / 4) | not 2xx (1 / 4) |',
    '|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (run, i) =>
        `| ${i + 1} | ${round(run.one.serverMicros, 0)} | ${round(run.four.serverMicros, 0)} | ${round(run.ratio, 3)} | ${run.one.rps.toFixed(0)} / ${run.four.rps.toFixed(0)} | ${run.one.errors} / ${run.four.errors} |`,
    ),
    ...(readsOnly
      ? [
          `| reads only, no notices (not judged) | ${round(readsOnly.one.serverMicros, 0)} | ${round(readsOnly.four.serverMicros, 0)} | ${round(readsOnly.ratio, 3)} | ${readsOnly.one.rps.toFixed(0)} / ${readsOnly.four.rps.toFixed(0)} | ${readsOnly.one.errors} / ${readsOnly.four.errors} |`,
        ]
      : []),
    '',
    'The last row is the same mix without its writes, so no process tells another anything: the growth it shows',
    'is what four processes cost on this machine (each warms its own JIT on a quarter of the requests, and answers',
    'fewer at a time; four servers, PostgreSQL and the load share two cores), against which the mixed rows compare.',
    '',
    `Real time across processes: ${realtime.connected} event streams on one process, ${realtime.sent} messages sent`,
    'through another (the event reaches the streams by NOTIFY alone), 10 at a time.',
    '',
    '| streams | delivered | p50 ms | p99 ms |',
    '|---:|---:|---:|---:|',
    `| ${realtime.connected} | ${realtime.delivered}/${realtime.sent} | ${realtime.p50.toFixed(1)} | ${realtime.p99.toFixed(1)} |`,
  ].join('\n');

  return {
    key: 'scaleout',
    title: 'Scale-out',
    budgets: [
      {
        name: `Scale-out (${size}): CPU per request with 4 processes within 15% of 1 process`,
        value: `${round(median(runs.map((run) => run.four.serverMicros)), 0)} vs ${round(median(runs.map((run) => run.one.serverMicros)), 0)} µs/req (${ratio >= 1 ? '+' : ''}${round((ratio - 1) * 100, 1)}%; reads alone, no notices: +${round(((readsOnly?.ratio ?? 1) - 1) * 100, 1)}%), ${errors} not 2xx`,
        pass: ratio <= 1 + MAX_GROWTH && errors === 0,
      },
      {
        name: `Real time across processes (${size}): p99 under ${REALTIME_P99_MS} ms at ${streams.toLocaleString('en')} streams`,
        value: `p99 ${realtime.p99.toFixed(1)} ms, ${realtime.delivered}/${realtime.sent} delivered, ${realtime.connected} streams`,
        pass: realtime.p99 < REALTIME_P99_MS && realtime.delivered === realtime.sent && realtime.connected === streams,
      },
    ],
    markdown,
    data: { size, connections: CONNECTIONS, runs, ratio, readsOnly, realtime },
  };
}
