// A day in the life (`npm run bench -- --only mix`): simulated members with open event streams read
// and write as the web app's pages do (lib/mix-actions.ts, mix-worker.ts), on the PostgreSQL server at
// full size and on the embedded default (PGlite) at the 1/100 size, ramping the member count up to
// find the largest each holds within the budgets.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { databaseUrl, SCALE, type Size } from './lib/databases.ts';
import {
  createEmbeddedSessions,
  EMBEDDED_DATA_DIR,
  type EmbeddedQuery,
  withEmbeddedData,
} from './lib/embedded-data.ts';
import type { MixFixtures } from './lib/mix-actions.ts';
import type { BenchOptions, BenchSection, Budget } from './lib/section.ts';
import { type RunningServer, startServer } from './lib/server-process.ts';
import { createSessions } from './lib/sessions.ts';
import { processCpuMicros, round } from './lib/stats.ts';
import type { MixResult, MixSpec } from './mix-worker.ts';

const PORT = 3400;
const BUDGET = { readP99: 100, writeP99: 150, realtimeP99: 300 };
const THINK_MS: [number, number] = [1000, 5000];
/** Community events per step of the ramp: each step has its own (see readFixtures). */
const EVENTS_PER_STEP = 20;

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

interface Plan {
  key: 'server' | 'embedded';
  label: string;
  size: Size;
  /** The member count the budget rows judge. */
  judged: number;
  steps: number[];
  warmupSeconds: number;
  durationSeconds: number;
}

interface StepResult extends MixResult {
  /** The server process's CPU during the run (all threads), in cores. */
  serverCores: number;
  pass: boolean;
}

interface DatabaseResult {
  plan: Plan;
  steps: StepResult[];
  largestWithinBudget: number;
  exactness?: { checked: string[]; mismatches: string[] };
}

/**
 * For a developer chasing one figure: MIX_ONLY=server|embedded runs one database, MIX_STEPS=1000 (a
 * comma-separated list) replaces the ramp, MIX_SECONDS=30 the measured seconds.
 */
function chosen(all: Plan[]): Plan[] {
  const only = process.env.MIX_ONLY;
  const steps = process.env.MIX_STEPS?.split(',').map(Number);
  const seconds = Number(process.env.MIX_SECONDS ?? 0);
  return all
    .filter((plan) => !only || plan.key === only)
    .map((plan) => ({
      ...plan,
      ...(steps ? { steps } : {}),
      ...(seconds > 0 ? { durationSeconds: seconds } : {}),
    }));
}

function plans(quick: boolean): Plan[] {
  if (quick) {
    return [
      {
        key: 'server',
        label: 'PostgreSQL server, 1/100 size (quick)',
        size: 'small',
        judged: 100,
        steps: [100],
        warmupSeconds: 5,
        durationSeconds: 20,
      },
      {
        key: 'embedded',
        label: 'embedded (PGlite), 1/100 size (quick)',
        size: 'small',
        judged: 50,
        steps: [50],
        warmupSeconds: 5,
        durationSeconds: 20,
      },
    ];
  }
  return [
    {
      key: 'server',
      label: 'PostgreSQL server, full size',
      size: 'full',
      judged: 1000,
      steps: [250, 500, 1000, 1500, 2000],
      warmupSeconds: 15,
      durationSeconds: 60,
    },
    {
      key: 'embedded',
      label: 'embedded (PGlite), 1/100 size',
      size: 'small',
      judged: 200,
      steps: [50, 100, 200, 400],
      warmupSeconds: 15,
      durationSeconds: 60,
    },
  ];
}

/** What the actions need to know of the data: generate.sql's sizes, and ids read from the database. */
async function readFixtures(query: Query, size: Size, simulated: number, steps: number): Promise<MixFixtures> {
  const scale = SCALE[size];
  const categories = await query<{ id: string }>('select id from forum_categories order by order_index, id limit 20');
  const courses = await query<{ id: number }>(
    'select id from courses where is_published and archived_at is null order by id',
  );
  const rituals = await query<{ id: string }>(
    'select id::text as id from rituals where user_id is null and archived_at is null order by id',
  );
  // Fresh community events for each step: each member's first "going" then brings her a confirmation.
  // A step that reused an earlier step's events expected one where her answer of then had already
  // used up the event's one confirmation, and counted it as lost.
  await query(`delete from circle_events where title like 'Day in the life %'`);
  const events = await query<{ id: string }>(
    `insert into circle_events (circle_id, title, description, event_date, duration_minutes, visibility, created_by)
     select (select id from circles where type = 'open' order by name limit 1), 'Day in the life ' || i,
            'A benchmark gathering under the moon.', now() + interval '7 days' + i * interval '1 hour', 60,
            'community', 'bench-000001'
     from generate_series(1, ${EVENTS_PER_STEP * steps}) i
     returning id::text as id`,
  );
  return {
    members: Math.max(Math.round(50_000 * scale), 20),
    simulated,
    posts: Math.round(500_000 * scale),
    topics: Math.round(50_000 * scale),
    categoryIds: categories.map((row) => row.id),
    courseIds: courses.map((row) => Number(row.id)),
    ritualIds: rituals.map((row) => row.id),
    eventIds: events.map((row) => row.id),
  };
}

async function withPostgres<T>(url: string, use: (query: Query) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await use(
      async <R>(text: string, params: unknown[] = []) =>
        [...(await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]))] as R[],
    );
  } finally {
    await sql.end();
  }
}

function runWorker(spec: MixSpec, onReady: (streams: number) => void): Promise<MixResult> {
  const file = path.join(os.tmpdir(), `lunara-bench-mix-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  const child = fork(path.join(import.meta.dirname, 'mix-worker.ts'), [file], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<MixResult>((resolve, reject) => {
    child.on('message', (message: { ready?: number; result?: MixResult }) => {
      if (message.ready !== undefined) {
        onReady(message.ready);
        child.send('go');
      }
      if (message.result) resolve(message.result);
    });
    child.on('exit', (code) => {
      fs.rmSync(file, { force: true });
      if (code !== 0) reject(new Error(`mix worker exited with ${code}`));
    });
  });
}

const withinBudget = (result: MixResult) =>
  result.streams === result.members &&
  result.errors === 0 &&
  result.reads.p99 < BUDGET.readP99 &&
  result.writes.p99 < BUDGET.writeP99 &&
  result.realtime.delivered === result.realtime.expected &&
  result.realtime.p99 < BUDGET.realtimeP99;

async function runStep(
  server: RunningServer,
  plan: Plan,
  members: number,
  cookies: string[],
  fixtures: MixFixtures,
  log: BenchOptions['log'],
) {
  const spec: MixSpec = {
    url: server.url,
    cookies: cookies.slice(1, members + 1),
    fixtures: { ...fixtures, simulated: members },
    warmupSeconds: plan.warmupSeconds,
    durationSeconds: plan.durationSeconds,
    thinkMs: THINK_MS,
    settleMs: 5000,
  };
  let cpuBefore = 0;
  let wallBefore = 0;
  const result = await runWorker(spec, (streams) => {
    log(
      `${plan.key} ${members} members: ${streams} streams open, running ${plan.warmupSeconds} + ${plan.durationSeconds} s`,
    );
    cpuBefore = processCpuMicros(server.pid);
    wallBefore = performance.now();
  });
  // The whole run, warm-up included: the server's share of the machine while the members act.
  const serverCores = (processCpuMicros(server.pid) - cpuBefore) / 1000 / (performance.now() - wallBefore);
  const step: StepResult = { ...result, serverCores, pass: withinBudget(result) };
  log(
    `${plan.key} ${String(members).padStart(5)} members  read p50 ${step.reads.p50.toFixed(1)} p99 ${step.reads.p99.toFixed(1)} ms  write p50 ${step.writes.p50.toFixed(1)} p99 ${step.writes.p99.toFixed(1)} ms  events ${step.realtime.delivered}/${step.realtime.expected} p99 ${step.realtime.p99.toFixed(1)} ms  errors ${step.errors}  load ${step.workerCores.toFixed(2)} cores (loop p99 ${step.workerLoopDelayP99.toFixed(0)} ms)  server ${serverCores.toFixed(2)} cores  machine ${step.machineBusyCores.toFixed(2)} of ${os.cpus().length} cores busy, steal ${(step.machineSteal * 100).toFixed(0)}%  ${step.pass ? 'within budget' : 'OVER budget'}`,
  );
  for (const sample of step.errorSamples) log(`  ${sample}`);
  for (const route of step.slowest) {
    log(
      `  ${route.route.padEnd(52)} ${String(route.count).padStart(6)}×  p50 ${route.p50.toFixed(1)}  p99 ${route.p99.toFixed(1)}  max ${route.max.toFixed(1)} ms`,
    );
  }
  return step;
}

/** The ramp on one running server: every step up to the judged count, then on while within budget. */
async function ramp(
  server: RunningServer,
  plan: Plan,
  cookies: string[],
  fixtures: MixFixtures,
  log: BenchOptions['log'],
) {
  const steps: StepResult[] = [];
  for (const [index, members] of plan.steps.entries()) {
    const eventIds = fixtures.eventIds.slice(index * EVENTS_PER_STEP, (index + 1) * EVENTS_PER_STEP);
    const step = await runStep(server, plan, members, cookies, { ...fixtures, eventIds }, log);
    steps.push(step);
    if (members >= plan.judged && !step.pass) break;
  }
  return steps;
}

const largestWithin = (steps: StepResult[]) => {
  let largest = 0;
  for (const step of steps) {
    if (!step.pass) break;
    largest = step.members;
  }
  return largest;
};

async function checkExactnessIfThere(url: string, log: BenchOptions['log']) {
  const file = path.join(import.meta.dirname, 'lib', 'exactness.ts');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(file)) as {
    checkExactness?: (databaseUrl: string) => Promise<{ checked: string[]; mismatches: string[] }>;
  };
  if (!module.checkExactness) return undefined;
  const result = await module.checkExactness(url);
  log(`server: exactness after the mix: ${result.checked.length} checks, ${result.mismatches.length} mismatches`);
  for (const mismatch of result.mismatches.slice(0, 10)) log(`  ${mismatch}`);
  return result;
}

async function benchServer(plan: Plan, log: BenchOptions['log']): Promise<DatabaseResult> {
  const url = databaseUrl(plan.size);
  const most = Math.max(...plan.steps);
  log(`\n== day in the life: ${plan.label}`);
  const fixtures = await withPostgres(url, (query) => readFixtures(query, plan.size, most, plan.steps.length));
  const cookies = await createSessions(url, most + 1);
  const server = await startServer(url, PORT);
  let steps: StepResult[];
  try {
    steps = await ramp(server, plan, cookies, fixtures, log);
  } finally {
    await server.stop();
  }
  const exactness = await checkExactnessIfThere(url, log);
  return { plan, steps, largestWithinBudget: largestWithin(steps), ...(exactness ? { exactness } : {}) };
}

async function benchEmbedded(plan: Plan, log: BenchOptions['log']): Promise<DatabaseResult> {
  const most = Math.max(...plan.steps);
  log(`\n== day in the life: ${plan.label}`);
  const { fixtures, cookies } = await withEmbeddedData(log, async (query: EmbeddedQuery) => ({
    fixtures: await readFixtures(query, plan.size, most, plan.steps.length),
    cookies: await createEmbeddedSessions(query, most + 1),
  }));
  // No DATABASE_URL: the out-of-the-box install, PGlite in DATA_DIR.
  const server = await startServer('', PORT + 1, { DATA_DIR: EMBEDDED_DATA_DIR });
  let steps: StepResult[];
  try {
    steps = await ramp(server, plan, cookies, fixtures, log);
  } finally {
    await server.stop();
  }
  return { plan, steps, largestWithinBudget: largestWithin(steps) };
}

function budgetsOf(result: DatabaseResult): Budget[] {
  const { plan } = result;
  const judged = result.steps.find((step) => step.members === plan.judged);
  const name = (what: string) => `Day in the life, ${plan.label}, ${plan.judged} members: ${what}`;
  if (!judged) return [{ name: name('run'), value: 'not run', pass: false }];
  const budgets: Budget[] = [
    {
      name: name(`read p99 < ${BUDGET.readP99} ms`),
      value: `${judged.reads.p99.toFixed(1)} ms`,
      pass: judged.reads.p99 < BUDGET.readP99,
    },
    {
      name: name(`write p99 < ${BUDGET.writeP99} ms`),
      value: `${judged.writes.p99.toFixed(1)} ms`,
      pass: judged.writes.p99 < BUDGET.writeP99,
    },
    {
      name: name('zero errors'),
      value: `${judged.errors} errors, ${judged.streams}/${judged.members} streams`,
      pass: judged.errors === 0 && judged.streams === judged.members,
    },
    {
      name: name('every real-time event delivered'),
      value: `${judged.realtime.delivered}/${judged.realtime.expected}`,
      pass: judged.realtime.delivered === judged.realtime.expected,
    },
    {
      name: name(`real-time p99 < ${BUDGET.realtimeP99} ms`),
      value: `${judged.realtime.p99.toFixed(1)} ms`,
      pass: judged.realtime.p99 < BUDGET.realtimeP99,
    },
    {
      name: `Day in the life, ${plan.label}: largest member count within budget (≥ ${plan.judged})`,
      value: String(result.largestWithinBudget),
      pass: result.largestWithinBudget >= plan.judged,
    },
  ];
  if (result.exactness) {
    budgets.push({
      name: `Day in the life, ${plan.label}: counters and points exact after the run`,
      value: `${result.exactness.mismatches.length} mismatches in ${result.exactness.checked.length} checks`,
      pass: result.exactness.mismatches.length === 0,
    });
  }
  return budgets;
}

function tableOf(result: DatabaseResult): string {
  const rows = result.steps.map((step) =>
    [
      step.members,
      `${round(step.reads.p50)} / ${round(step.reads.p99)}`,
      `${round(step.writes.p50)} / ${round(step.writes.p99)}`,
      round(step.realtime.p99),
      step.errors,
      `${step.realtime.delivered}/${step.realtime.expected}`,
      `${step.reads.count} / ${step.writes.count}`,
      `${round(step.workerCores, 2)} (${round(step.workerLoopDelayP99, 0)} ms)`,
      round(step.serverCores, 2),
      `${round(step.machineBusyCores, 2)} (${round(step.machineSteal * 100, 0)}%)`,
      step.pass ? 'yes' : 'no',
    ].join(' | '),
  );
  const errors = result.steps.flatMap((step) =>
    step.errorSamples.map((sample) => `- ${step.members} members: ${sample}`),
  );
  const judged = result.steps.find((step) => step.members === result.plan.judged);
  const slowest = (judged?.slowest ?? []).map(
    (route) =>
      `- \`${route.route}\`: ${route.count} requests, p50 ${round(route.p50)} ms, p99 ${round(route.p99)} ms, max ${round(route.max)} ms`,
  );
  return [
    `### ${result.plan.label}`,
    '',
    `Largest member count within budget: **${result.largestWithinBudget}** (budget: ${result.plan.judged}).`,
    '',
    '| members | read p50 / p99 ms | write p50 / p99 ms | real-time p99 ms | errors | events delivered/expected | reads / writes | load generator cores (loop delay p99) | server cores | machine busy cores (steal) | within budget |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :-: |',
    ...rows.map((row) => `| ${row} |`),
    ...(errors.length ? ['', 'Errors:', '', ...errors] : []),
    ...(slowest.length ? ['', `Slowest routes at ${result.plan.judged} members (p99):`, '', ...slowest] : []),
  ].join('\n');
}

export async function benchMix(options: BenchOptions): Promise<BenchSection> {
  const results: DatabaseResult[] = [];
  for (const plan of chosen(plans(options.quick))) {
    results.push(plan.key === 'server' ? await benchServer(plan, options.log) : await benchEmbedded(plan, options.log));
  }
  const { warmupSeconds, durationSeconds } = results[0]?.plan ?? { warmupSeconds: 0, durationSeconds: 0 };
  return {
    key: 'mix',
    title: 'A day in the life',
    budgets: results.flatMap(budgetsOf),
    markdown: [
      `Simulated members, each with a session and an open event stream (\`GET /api/realtime\`), act with ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s of think time between actions: 80% page reads (the API calls of the feed, a post, forums, a topic, courses, a course, a lesson, the dashboard, rituals, notifications, messages, the leaderboard, events; sent together as the page sends them), 20% writes (likes, comments, posts, forum replies, messages, lesson and ritual completions, RSVPs). One load process (\`mix-worker.ts\`, keep-alive), one server process; ${warmupSeconds} s unmeasured, then ${durationSeconds} s measured per member count. A real-time event is expected for each write that notifies another simulated member (a message, a comment or reply to her post or topic, a new liker of a post written during the run) or confirms her own first "going"; its time runs from the write's send to its arrival on the recipient's stream, and one not there 5 s after the last write counts as lost. Read and write times are per API request. The ramp stops at the first count over budget beyond the judged one.`,
      '',
      ...results.map(tableOf).flatMap((table) => [table, '']),
    ].join('\n'),
    data: results,
  };
}
