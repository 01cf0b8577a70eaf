import { type SQL, sql } from 'drizzle-orm';

/**
 * A LIMIT written into the statement instead of sent as a bound parameter.
 *
 * PostgreSQL plans `LIMIT $n` for an unknown n as a tenth of the table, so the generic plan of a
 * prepared list statement looks thousands of times dearer than it is (dear enough to be JIT-compiled)
 * and the statement is planned again on every execution: for the feed, planning cost more than running
 * it. With the page size written in, PostgreSQL keeps one generic plan after five executions.
 * Page sizes are constants of the code, never input, so nothing user-supplied reaches the SQL text.
 */
export function literalLimit(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`A limit must be a whole number, not ${rows}`);
  return sql.raw(String(rows));
}

/** literalLimit for drizzle's `.limit()`, typed for numbers and placeholders; it embeds SQL as given. */
export function builderLimit(rows: number): number {
  return literalLimit(rows) as unknown as number;
}
