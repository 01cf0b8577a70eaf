// Runs in its own process: autocannon against one endpoint, printing a LoadResult as JSON.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { type LoadResult, processCpuMicros } from './lib/stats.ts';

interface Spec {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** The server's process, whose CPU time per request is reported. */
  serverPid?: number;
  requests: Array<{ path: string; cookie?: string }>;
}

const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as Spec;
// Every member's request built once: autocannon rebuilds (and re-serializes) a request that has a
// setupRequest on every send, which took the load generator from a fifth to a quarter of a core, on
// the two cores the server and PostgreSQL also use.
// Each connection walks the list from its start, so the load goes round all the members.
const requests = spec.requests.map((request) => ({
  method: 'GET' as const,
  path: request.path,
  ...(request.cookie ? { headers: { cookie: request.cookie } } : {}),
}));
const load = (duration: number) => autocannon({ url: spec.url, connections: spec.connections, duration, requests });
// Unmeasured first: the server's JIT, its heap, its pool and PostgreSQL's caches warm up.
await load(spec.warmupSeconds);
const cpuBefore = spec.serverPid ? processCpuMicros(spec.serverPid) : 0;
const result = await load(spec.durationSeconds);
// Steadier than req/s on a shared machine: it does not move when the host takes CPU away.
const serverMicros = spec.serverPid
  ? (processCpuMicros(spec.serverPid) - cpuBefore) / Math.max(1, result.requests.total)
  : undefined;
const output: LoadResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  errors: result.errors + result.non2xx,
  ...(serverMicros === undefined ? {} : { serverMicros }),
};
process.stdout.write(JSON.stringify(output));
