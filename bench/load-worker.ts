// Runs in its own process: autocannon against one endpoint, printing a LoadResult as JSON.
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult } from './lib/stats.ts';

interface Spec {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: Array<{ path: string; cookie?: string }>;
}

const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as Spec;
let next = 0;
const load = (duration: number) =>
  autocannon({
    url: spec.url,
    connections: spec.connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          // Each request as a different member of the pool (sessions, inboxes, threads all differ).
          const pick = spec.requests[next++ % spec.requests.length] ?? { path: '/' };
          return {
            ...request,
            path: pick.path,
            headers: { ...request.headers, ...(pick.cookie ? { cookie: pick.cookie } : {}) },
          };
        },
      },
    ],
  });
// Two seconds unmeasured first: the server's JIT, its pool and PostgreSQL's caches warm up.
await load(2);
const result = await load(spec.durationSeconds);
const output: LoadResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  errors: result.errors + result.non2xx,
};
process.stdout.write(JSON.stringify(output));
