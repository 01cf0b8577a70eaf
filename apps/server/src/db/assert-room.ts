import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { conflict } from '../errors.ts';
import { type Db, queryRows } from './client.ts';
import { literalLimit } from './literal-limit.ts';

/**
 * Refuses (409 `message`) when `table` already holds `max` rows within `scope`: every list read back is
 * bounded by what can be created. Reads at most `max` rows. Under a lock of the parent row (a course,
 * a lesson) the check is exact; without one, two creates at the same instant may both pass it, which a
 * bound of this size allows.
 */
export async function assertRoomFor(db: Db, table: PgTable, scope: SQL | undefined, max: number, message: string) {
  const [row] = await queryRows<{ full: boolean }>(
    db,
    sql`select count(*) >= ${max} as full from (select 1 from ${table} ${scope ? sql`where ${scope}` : sql``} limit ${literalLimit(max)}) as taken`,
  );
  if (row?.full) throw conflict(message);
}
