/**
 * `npm run bench:pages [-- --sizes full --runs 100]`: what a member's whole page costs the server. Opening
 * `/`, `/dashboard`, `/community`, `/course/1` or `/rituals` draws the page on the server with her reads
 * (decision 038), where the day in the life (`--only mix`) reads the API alone. The built server runs as
 * `npm start` runs it, in production mode (lib/server-process.ts). Each page is asked `runs` times, one
 * request after another, by members whose sessions it has already loaded, as a returning browser asks
 * (her time zone's cookie, gzip and brotli accepted), each from her own loopback address. Prints p50/p99
 * of the answer, the server process's CPU time per page and the bytes sent. No budget yet: the figures are
 * what one would be set from.
 */
import http from 'node:http';
import { TIME_ZONE_COOKIE } from '@lunara/shared/page-boot';
import { argument } from './lib/arguments.ts';
import { databaseUrl, prepareBenchDatabase, type Size } from './lib/databases.ts';
import { startServer } from './lib/server-process.ts';
import { createSessions } from './lib/sessions.ts';
import { percentile, processCpuMicros, round } from './lib/stats.ts';

const PAGES = ['/', '/dashboard', '/community', '/course/1', '/rituals'];
const PORT = 3560;
/** Members taking turns (member 1, the admin, sits out): each page is drawn with one member's reads. */
const MEMBERS = 20;

const sizes = argument('sizes', 'full').split(',') as Size[];
const runs = Number(argument('runs', '100'));

/**
 * One page load, from the member's own loopback address (127.0.0.<10 + n>): pages are limited per client
 * address (300 a minute), as a member's browser is one client. Returns the bytes sent (compressed).
 */
function askPage(baseUrl: string, page: string, cookie: string, member: number): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: hostname,
        port,
        path: page,
        localAddress: `127.0.0.${10 + member}`,
        headers: { cookie: `${cookie}; ${TIME_ZONE_COOKIE}=UTC`, 'accept-encoding': 'gzip, br' },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${page} answered ${response.statusCode}`)),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

for (const size of sizes) {
  await prepareBenchDatabase(size, (line) => console.log(line));
  const url = databaseUrl(size);
  const cookies = (await createSessions(url, MEMBERS + 1)).slice(1);
  const server = await startServer(url, PORT);
  try {
    // Every member's session loaded and every page drawn once before anything is timed.
    for (const [member, cookie] of cookies.entries()) {
      for (const page of PAGES) await askPage(server.url, page, cookie, member);
    }
    console.log(`\n${size}: ${runs} loads per page, one at a time, as ${cookies.length} members taking turns`);
    console.log(
      'page'.padEnd(12),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'CPU ms'.padStart(8),
      'kB sent'.padStart(8),
    );
    for (const page of PAGES) {
      const times: number[] = [];
      let bytes = 0;
      const cpuBefore = processCpuMicros(server.pid);
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        bytes = await askPage(server.url, page, cookies[i % cookies.length] ?? '', i % cookies.length);
        times.push(performance.now() - started);
      }
      const cpuMs = (processCpuMicros(server.pid) - cpuBefore) / runs / 1000;
      times.sort((a, b) => a - b);
      console.log(
        page.padEnd(12),
        String(round(percentile(times, 50))).padStart(8),
        String(round(percentile(times, 99))).padStart(8),
        String(round(cpuMs)).padStart(8),
        String(round(bytes / 1024)).padStart(8),
      );
    }
  } finally {
    await server.stop();
  }
}
