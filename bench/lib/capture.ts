import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import type { Endpoint } from './endpoints.ts';
import { BENCH_SECRET } from './sessions.ts';

export interface Statement {
  query: string;
  parameters: unknown[];
}

/**
 * The SQL statements each endpoint sends, recorded from the real app in this process: every request
 * is made twice and the second is kept (caches warm, as under load).
 */
export async function captureStatements(
  databaseUrl: string,
  endpoints: Endpoint[],
  requestsFor: (endpoint: Endpoint) => Array<{ path: string; cookie?: string }>,
): Promise<Map<string, Statement[][]>> {
  let recording: Statement[] | undefined;
  const database = openPostgres(databaseUrl, {
    onQuery: (query, parameters) => recording?.push({ query, parameters: parameters.map(plain) }),
  });
  const config = loadConfig({ DATABASE_URL: databaseUrl, AUTH_SECRET: BENCH_SECRET, DEMO_DATA: '0', PORT: '3999' });
  const app = await buildApp({ config, database, logger: { level: 'silent' } });
  await app.ready();
  const captured = new Map<string, Statement[][]>();
  try {
    for (const endpoint of endpoints) {
      if (endpoint.as === 'visitor') continue;
      const variants: Statement[][] = [];
      for (const request of requestsFor(endpoint).slice(0, 20)) {
        const inject = () =>
          app.inject({ method: 'GET', url: request.path, headers: request.cookie ? { cookie: request.cookie } : {} });
        await inject();
        recording = [];
        const response = await inject();
        if (response.statusCode !== 200) throw new Error(`${endpoint.name}: ${response.statusCode} ${response.body}`);
        variants.push(recording.filter((statement) => !/^\s*(listen|unlisten)\b/i.test(statement.query)));
        recording = undefined;
      }
      captured.set(endpoint.name, variants);
    }
  } finally {
    await app.close();
    await database.close();
  }
  return captured;
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
