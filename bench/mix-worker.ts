// Runs in its own process: the simulated members of the day in the life. Each opens her event stream,
// then acts (bench/lib/mix-actions.ts) with a pause of thinkMs between actions; reads, writes and the
// real-time events the writes bring are timed. Sends { ready } when every stream is open, waits for
// "go", and sends { result } at the end (a MixResult).
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { onServerEvents } from './lib/event-stream.ts';
import {
  type Answer,
  chooseAction,
  createSharedState,
  eventKey,
  type MemberContext,
  type MixFixtures,
} from './lib/mix-actions.ts';
import { percentile } from './lib/stats.ts';
import { machineCpu } from './lib/workers.ts';

export interface MixSpec {
  url: string;
  /** Cookies of members 2 … simulated + 1, in order. */
  cookies: string[];
  fixtures: MixFixtures;
  warmupSeconds: number;
  durationSeconds: number;
  thinkMs: [number, number];
  /** How long after the last write an expected event may still arrive before it counts as lost. */
  settleMs: number;
}

export interface MixResult {
  members: number;
  streams: number;
  reads: { count: number; p50: number; p99: number };
  writes: { count: number; p50: number; p99: number };
  realtime: { expected: number; delivered: number; p50: number; p99: number };
  errors: number;
  errorSamples: string[];
  actions: Record<string, number>;
  /** The load process's own CPU during the measured part, in cores (1 = one core busy). */
  workerCores: number;
  /** Its event loop's delay, p99 in ms: when it is large, the figures are the load generator's. */
  workerLoopDelayP99: number;
  /** The whole machine during the measured part: busy cores (everyone's) and the share the host took. */
  machineBusyCores: number;
  machineSteal: number;
  /** The routes with the slowest p99 (method and path with ids as :id), to know where the tail is. */
  slowest: Array<{ route: string; count: number; p50: number; p99: number; max: number }>;
}

const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as MixSpec;
const origin = new URL(spec.url).origin;
const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, scheduling: 'lifo' });

let measuring = false;
let stopping = false;
const readTimes: number[] = [];
const writeTimes: number[] = [];
const eventTimes: number[] = [];
let errors = 0;
const errorSamples = new Map<string, number>();
const actionCounts: Record<string, number> = {};

function fail(what: string) {
  if (!measuring) return;
  errors++;
  errorSamples.set(what, (errorSamples.get(what) ?? 0) + 1);
}

function send(method: string, path: string, cookie: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { cookie, accept: 'application/json' };
  if (method !== 'GET') headers.origin = origin;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const request = http.request(`${spec.url}${path}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', (error) => resolve({ status: 0, body: String(error) }));
    });
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    request.end(payload);
  });
}

const byRoute = new Map<string, number[]>();
const routeOf = (method: string, path: string) =>
  `${method} ${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+-\d+|(?<=\/)\d+(?=\/|$|\?)/g, ':id')}`;

/** Timed; a failure is anything but a 2xx answer. */
async function timed(kind: 'read' | 'write', method: string, path: string, cookie: string, body?: unknown) {
  const counted = measuring;
  const started = performance.now();
  const answer = await send(method, path, cookie, body);
  const elapsed = performance.now() - started;
  const route = routeOf(method, path);
  if (counted && measuring) {
    (kind === 'read' ? readTimes : writeTimes).push(elapsed);
    const times = byRoute.get(route);
    if (times) times.push(elapsed);
    else byRoute.set(route, [elapsed]);
  }
  if (answer.status < 200 || answer.status >= 300) fail(`${route} → ${answer.status} ${answer.body.slice(0, 120)}`);
  return answer;
}

// Expected events: each write's, by recipient and key. An event may come before the write's answer
// (it is published on commit), so arrivals wait here for their expectation as well.
const pending = new Map<string, number[]>();
const early = new Map<string, number[]>();
let expected = 0;

function expect(recipient: number, key: string, sentAt: number) {
  if (!measuring) return;
  expected++;
  const slot = `${recipient}|${key}`;
  const arrived = early.get(slot);
  const at = arrived?.shift();
  if (at !== undefined) {
    if (arrived?.length === 0) early.delete(slot);
    eventTimes.push(at - sentAt);
    return;
  }
  pending.set(slot, [...(pending.get(slot) ?? []), sentAt]);
}

function arrive(recipient: number, key: string) {
  const now = performance.now();
  const slot = `${recipient}|${key}`;
  const waiting = pending.get(slot);
  const sentAt = waiting?.shift();
  if (sentAt !== undefined) {
    if (waiting?.length === 0) pending.delete(slot);
    eventTimes.push(now - sentAt);
    return;
  }
  early.set(slot, [...(early.get(slot) ?? []), now]);
}

let ready = 0;
const streams: http.ClientRequest[] = [];

function openStream(member: number, cookie: string) {
  const request = http.get(
    `${spec.url}/api/realtime`,
    { agent: streamAgent, headers: { cookie, accept: 'text/event-stream' } },
    (response) => {
      if (response.statusCode !== 200) {
        fail(`stream → ${response.statusCode}`);
        response.resume();
        return;
      }
      onServerEvents<Parameters<typeof eventKey>[0]>(response, (event) => {
        if (event.type === 'ready') ready++;
        const key = eventKey(event);
        if (key) arrive(member, key);
      });
      response.on('close', () => {
        if (!stopping) fail('stream closed by the server');
      });
    },
  );
  request.on('error', (error) => {
    if (!stopping) fail(`stream: ${error.message}`);
  });
  streams.push(request);
}

const simulated = spec.cookies.length;
for (let i = 0; i < simulated; i++) {
  openStream(i + 2, spec.cookies[i] ?? '');
  // A few at a time: a thousand TLS-less handshakes at once would only measure the accept queue.
  if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 20));
}
const deadline = Date.now() + 60_000;
while (ready < simulated && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
process.send?.({ ready });
await new Promise<void>((resolve) => process.once('message', () => resolve()));

const shared = createSharedState();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => spec.thinkMs[0] + Math.random() * (spec.thinkMs[1] - spec.thinkMs[0]);

async function live(member: number, cookie: string) {
  const context: MemberContext = {
    n: member,
    fixtures: spec.fixtures,
    shared,
    random: Math.random,
    read: (path) => timed('read', 'GET', path, cookie),
    write: (method, path, body) => timed('write', method, path, cookie, body),
    expect,
  };
  // Members arrive spread over one pause, not all in the same millisecond.
  await pause(Math.random() * spec.thinkMs[1]);
  while (!stopping) {
    const action = chooseAction(Math.random);
    if (measuring) actionCounts[action.name] = (actionCounts[action.name] ?? 0) + 1;
    await action.run(context);
    await pause(think());
  }
}

/** CPU jiffies of the whole machine so far: busy (all but idle and iowait), steal, and in all. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const lives = spec.cookies.map((cookie, i) => live(i + 2, cookie));
await pause(spec.warmupSeconds * 1000);
measuring = true;
loopDelay.enable();
const cpuBefore = process.cpuUsage();
const machineBefore = machineCpu();
const wallBefore = performance.now();
await pause(spec.durationSeconds * 1000);
const cpu = process.cpuUsage(cpuBefore);
const wall = performance.now() - wallBefore;
const machineAfter = machineCpu();
// sysconf(_SC_CLK_TCK) is 100 on every Linux Node supports.
const machineBusyCores = (machineAfter.busy - machineBefore.busy) / 100 / (wall / 1000);
const machineSteal = (machineAfter.steal - machineBefore.steal) / Math.max(1, machineAfter.total - machineBefore.total);
loopDelay.disable();
// Writes still on their way count; no new action starts.
stopping = true;
await Promise.all(lives);
measuring = false;
const settle = Date.now() + spec.settleMs;
while (pending.size > 0 && Date.now() < settle) await pause(50);

const sorted = (values: number[]) => values.sort((a, b) => a - b);
const summary = (values: number[]) => ({
  count: values.length,
  p50: percentile(sorted(values), 50),
  p99: percentile(values, 99),
});
const result: MixResult = {
  members: simulated,
  streams: ready,
  reads: summary(readTimes),
  writes: summary(writeTimes),
  realtime: { expected, delivered: eventTimes.length, ...summary(eventTimes) },
  errors,
  errorSamples: [...errorSamples.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([what, count]) => `${count}× ${what}`),
  actions: actionCounts,
  workerCores: (cpu.user + cpu.system) / 1000 / wall,
  workerLoopDelayP99: loopDelay.percentile(99) / 1e6,
  machineBusyCores,
  machineSteal,
  slowest: [...byRoute.entries()]
    .map(([route, times]) => {
      const ordered = sorted(times);
      return {
        route,
        count: ordered.length,
        p50: percentile(ordered, 50),
        p99: percentile(ordered, 99),
        max: ordered.at(-1) ?? 0,
      };
    })
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, 6),
};
process.send?.({ result }, () => {
  for (const stream of streams) stream.destroy();
  agent.destroy();
  streamAgent.destroy();
  process.exit(0);
});
