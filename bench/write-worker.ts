// Runs in its own process: one write path at a fixed number of keep-alive connections, each sending its
// own list of requests one after another (autocannon sends one list from every connection, and a like,
// a lesson or a "going" must not be sent twice). Prints a WriteLoadResult as JSON.
import fs from 'node:fs';
import http from 'node:http';
import { type LoadResult, percentile, processCpuMicros } from './lib/stats.ts';
import type { WriteRequest } from './lib/write-requests.ts';

export interface WriteLoadSpec {
  url: string;
  warmupSeconds: number;
  durationSeconds: number;
  serverPid: number;
  /** One list per connection. */
  queues: WriteRequest[][];
}

export interface WriteLoadResult extends LoadResult {
  /** Answers by status code, measured part only. */
  statuses: Record<string, number>;
  /** One answer of each failing status, to say why. */
  failures: string[];
  /** Connections whose list ran out before the end (fewer requests in flight than asked). */
  exhausted: number;
  /** Requests sent in all, warm-up included. */
  sent: number;
}

const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as WriteLoadSpec;
const target = new URL(spec.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.queues.length });

interface Answer {
  status: number;
  body: string;
}

function send(request: WriteRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const started = performance.now();
const measureFrom = started + spec.warmupSeconds * 1000;
const stopAt = measureFrom + spec.durationSeconds * 1000;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const failures = new Map<number, string>();
let exhausted = 0;
let sent = 0;
let cpuBefore = 0;
let cpuAfter = 0;
const cpuAtStart = setTimeout(() => {
  cpuBefore = processCpuMicros(spec.serverPid);
}, spec.warmupSeconds * 1000);

async function runConnection(queue: WriteRequest[]): Promise<void> {
  for (const request of queue) {
    const sentAt = performance.now();
    if (sentAt >= stopAt) return;
    sent++;
    let answer: Answer;
    try {
      answer = await send(request);
    } catch (error) {
      answer = { status: 0, body: String(error) };
    }
    // Only what was sent within the measured part counts; the warm-up's answers are not kept.
    if (sentAt < measureFrom) continue;
    latencies.push(performance.now() - sentAt);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if ((answer.status < 200 || answer.status >= 300) && !failures.has(answer.status)) {
      failures.set(answer.status, `${answer.status} ${request.method} ${request.path}: ${answer.body.slice(0, 200)}`);
    }
  }
  if (performance.now() < stopAt) exhausted++;
}

await Promise.all(spec.queues.map((queue) => runConnection(queue)));
cpuAfter = processCpuMicros(spec.serverPid);
clearTimeout(cpuAtStart);
agent.destroy();

const measuredSeconds = Math.max(0.001, (Math.min(performance.now(), stopAt) - measureFrom) / 1000);
const sorted = latencies.sort((a, b) => a - b);
const errors = Object.entries(statuses)
  .filter(([status]) => Number(status) < 200 || Number(status) >= 300)
  .reduce((sum, [, count]) => sum + count, 0);
const result: WriteLoadResult = {
  rps: sorted.length / measuredSeconds,
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  requests: sorted.length,
  errors,
  // Steadier than req/s on a shared machine: it does not move when the host takes CPU away.
  serverMicros: cpuBefore > 0 ? (cpuAfter - cpuBefore) / Math.max(1, sorted.length) : 0,
  statuses,
  failures: [...failures.values()],
  exhausted,
  sent,
};
process.stdout.write(JSON.stringify(result));
