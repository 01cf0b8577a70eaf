import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { type Database, openPostgres, queryRows } from './client.ts';

const SOCKET_DIRECTORY = '/var/run/postgresql';
const hasSocket = testDatabaseKind === 'postgres' && fs.existsSync(`${SOCKET_DIRECTORY}/.s.PGSQL.5432`);

let database: (Database & { url?: string }) | undefined;
beforeAll(async () => {
  if (hasSocket) database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe.runIf(hasSocket)('a DATABASE_URL with ?host=<socket directory>', () => {
  it('connects through the Unix socket, not TCP', async () => {
    const url = new URL(database?.url ?? '');
    url.searchParams.set('host', SOCKET_DIRECTORY);
    const viaSocket = openPostgres(url.toString(), { max: 1 });
    try {
      // inet_client_addr() is null for a Unix-socket connection, the client's address over TCP.
      const [row] = await queryRows<{ address: string | null; database: string }>(
        viaSocket.db,
        sql`select inet_client_addr()::text as address, current_database() as database`,
      );
      expect(row).toEqual({ address: null, database: url.pathname.slice(1) });
    } finally {
      await viaSocket.close();
    }
  });
});
