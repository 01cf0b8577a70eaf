import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import { encodeCursor } from '../lib/cursor.ts';
import { listPosts } from '../modules/feed/post-service.ts';
import { type Database, openPostgres, queryRows } from './client.ts';

let database: (Database & { url?: string }) | undefined;
beforeAll(async () => {
  if (testDatabaseKind !== 'postgres') return;
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(async () => database?.close());

describe.runIf(testDatabaseKind === 'postgres')('prepared statements on the PostgreSQL server', () => {
  it('keep one plan: a feed page after a cursor is not planned again on every run', async () => {
    // One connection, so that pg_prepared_statements (per connection) sees every run.
    const single = openPostgres(database?.url ?? '', { max: 1 });
    try {
      const cursor = encodeCursor([false, String(Date.now() * 1000), randomUUID()]);
      for (let run = 0; run < 8; run++) await listPosts(single.db, 'member-plan-check', cursor);
      const [plans] = await queryRows<{ generic_plans: number; custom_plans: number }>(
        single.db,
        sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
            where statement like '%from "posts"%' and statement like '%microseconds%'`,
      );
      // Left to choose, PostgreSQL planned this one again on every run (its cursor makes each custom plan
      // look cheaper than the generic one): planning cost twice what running it did (decision 014).
      expect(plans).toEqual({ generic_plans: 8, custom_plans: 0 });
    } finally {
      await single.close();
    }
  });
});
