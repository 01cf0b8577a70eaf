// Runs in its own process: one request mix (reads and writes) spread evenly over one or several server
// processes, autocannon per process with an equal share of the connections, and the CPU time the
// processes spent per request. Prints a MixLoadResult as JSON.
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { MixLoadResult, MixLoadSpec } from './cross-process-workers.ts';
import { processCpuMicros } from './lib/stats.ts';

const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as MixLoadSpec;
// Built once: a request rebuilt on every send costs the load generator, on the cores the servers use.
const requests = spec.requests.map((request) => ({
  method: request.method,
  path: request.path,
  headers: {
    ...(request.cookie ? { cookie: request.cookie } : {}),
    ...(request.body ? { 'content-type': 'application/json' } : {}),
  },
  ...(request.body ? { body: request.body } : {}),
}));
const perTarget = Math.max(1, Math.round(spec.connections / spec.targets.length));
const load = (duration: number) =>
  Promise.all(
    spec.targets.map((target) => autocannon({ url: target.url, connections: perTarget, duration, requests })),
  );

// Unmeasured first: JIT, heaps, pools and PostgreSQL's caches warm up in every process.
await load(spec.warmupSeconds);
const cpuBefore = spec.targets.map((target) => processCpuMicros(target.pid));
const results = await load(spec.durationSeconds);
const cpuSpent = spec.targets.map((target, i) => processCpuMicros(target.pid) - (cpuBefore[i] ?? 0));
const total = results.reduce((sum, result) => sum + result.requests.total, 0);
const statusCodes: Record<string, number> = {};
for (const result of results) {
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = (statusCodes[code] ?? 0) + (stats as { count: number }).count;
  }
}
const output: MixLoadResult = {
  requests: total,
  rps: results.reduce((sum, result) => sum + result.requests.average, 0),
  p99: Math.max(...results.map((result) => result.latency.p99)),
  errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
  statusCodes,
  serverMicros: cpuSpent.reduce((sum, micros) => sum + micros, 0) / Math.max(1, total),
  perProcess: results.map((result, i) => ({ requests: result.requests.total, cpuMicros: cpuSpent[i] ?? 0 })),
};
process.stdout.write(JSON.stringify(output));
