import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import type { Endpoint } from './endpoints.ts';
import { BENCH_SECRET } from './sessions.ts';

export interface Statement {
  query: string;
  parameters: unknown[];
}

export interface Captured {
  variants: Statement[][];
  /** Answered from the app's memory once warm: the variants are the statements that fill it. */
  fromMemory: boolean;
}

/**
 * The SQL statements each endpoint sends, recorded from the real app in this process, with every
 * member's session already read: every request is made twice and the second is kept (caches warm,
 * as under load). Where the warm request sends nothing (an answer kept in memory), the first requests'
 * statements are kept instead (`refills`): they are what a change costs, and what EXPLAIN must check.
 */
export async function captureStatements(
  databaseUrl: string,
  endpoints: Endpoint[],
  requestsFor: (endpoint: Endpoint) => Array<{ path: string; cookie?: string }>,
): Promise<Map<string, Captured>> {
  let recording: Statement[] | undefined;
  const database = openPostgres(databaseUrl, {
    onQuery: (query, parameters) => recording?.push({ query, parameters: parameters.map(plain) }),
  });
  const config = loadConfig({ DATABASE_URL: databaseUrl, AUTH_SECRET: BENCH_SECRET, DEMO_DATA: '0', PORT: '3999' });
  const app = await buildApp({ config, database, logger: { level: 'silent' } });
  await app.ready();
  const captured = new Map<string, Captured>();
  const record = async (run: () => Promise<{ statusCode: number; body: string }>, name: string) => {
    recording = [];
    const response = await run();
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    const statements = recording.filter((statement) => !/^\s*(listen|unlisten)\b/i.test(statement.query));
    recording = undefined;
    return statements;
  };
  try {
    // Each member's session is read once, unrecorded: which endpoint comes first must not decide whose
    // statements include the session lookups (and the driver's one-off type query on its first use).
    const cookies = new Set(
      endpoints.flatMap((endpoint) =>
        requestsFor(endpoint)
          .slice(0, 20)
          .flatMap((request) => request.cookie ?? []),
      ),
    );
    for (const cookie of cookies) await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    for (const endpoint of endpoints) {
      if (endpoint.as === 'visitor') continue;
      const cold: Statement[][] = [];
      const warm: Statement[][] = [];
      for (const request of requestsFor(endpoint).slice(0, 20)) {
        const inject = () =>
          app.inject({ method: 'GET', url: request.path, headers: request.cookie ? { cookie: request.cookie } : {} });
        cold.push(await record(inject, endpoint.name));
        warm.push(await record(inject, endpoint.name));
      }
      const fromMemory = warm.every((statements) => statements.length === 0);
      captured.set(endpoint.name, { variants: fromMemory ? refills(cold) : warm, fromMemory });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return captured;
}

/**
 * What each request of an answer kept in memory costs when nothing is kept: its own statements, and
 * those of the part every member shares (the leaderboard, the feed's posts), which only the first
 * request sent because the others found it loaded. A shared part is a statement the first request sent
 * and this one did not.
 */
function refills(cold: Statement[][]): Statement[][] {
  const [first = []] = cold;
  return cold.map((own) => {
    const sent = new Set(own.map((statement) => statement.query));
    return [...first.filter((statement) => !sent.has(statement.query)), ...own];
  });
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
