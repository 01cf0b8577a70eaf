import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase, hasPostgres, startServer, tempDataDir, waitFor } from '../test/server-process.ts';
import { pairUp, runWriters, signUpSubscriber } from './load.ts';
import { report } from './report.ts';
import { missingWrites } from './verify.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

interface Target {
  env: Record<string, string>;
  dataDir?: string;
  databaseUrl?: string;
}
const targets: Array<[string, () => Promise<Target>]> = [
  [
    'the embedded database',
    async () => {
      const dataDir = tempDataDir();
      return { env: { DATA_DIR: dataDir }, dataDir };
    },
  ],
  ...(hasPostgres
    ? [
        [
          'the PostgreSQL server',
          async () => {
            const database = await createServerDatabase();
            cleanups.push(database.drop);
            return { env: { DATABASE_URL: database.url }, databaseUrl: database.url };
          },
        ] satisfies [string, () => Promise<Target>],
      ]
    : []),
];

describe.each(targets)('kill -9 while 20 members write, on %s', (_name, prepare) => {
  it('keeps every write the server acknowledged', async () => {
    const target = await prepare();
    const first = await startServer(target.env);
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpSubscriber(first.url, i)));
    const conversations = await pairUp(first.url, members);
    let baseUrl = first.url;
    const writers = runWriters(() => baseUrl, members, conversations);
    await waitFor(
      async () => writers.acknowledged.posts.length + writers.acknowledged.messages.length >= 200,
      60_000,
      '200 acknowledged writes',
    );
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');
    await writers.stop();
    const { acknowledged } = writers;

    // It comes back on the same data (a stale lock of a dead process is taken over) and serves.
    const second = await startServer(target.env);
    baseUrl = second.url;
    const after = await fetch(`${second.url}/api/ready`);
    expect(after.status).toBe(200);
    expect(await second.kill('SIGTERM')).toBe(0);

    expect(await missingWrites(target, acknowledged)).toEqual([]);
    report(
      `kill -9: ${acknowledged.posts.length} posts and ${acknowledged.messages.length} messages acknowledged, all kept; ${acknowledged.failures} requests cut off`,
    );
  }, 180_000);
});
