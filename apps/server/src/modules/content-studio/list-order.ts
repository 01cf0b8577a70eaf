import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Whether a new order (`given`) names every item of `known` exactly once and nothing else. Anything else
 * means the editor's copy is out of date (an item was added or removed meanwhile), so the caller refuses.
 */
export function namesEachOnce<T>(given: readonly T[], known: readonly T[]): boolean {
  const set = new Set(given);
  return set.size === given.length && set.size === known.length && known.every((item) => set.has(item));
}

/** The place after the last of `table` (within `scope`, if given): where a new row goes, at the end. */
export const placeAfterLast = (table: PgTable, column: AnyPgColumn, scope?: SQL) =>
  scope
    ? sql`(select coalesce(max(${column}), 0) + 1 from ${table} where ${scope})`
    : sql`(select coalesce(max(${column}), 0) + 1 from ${table})`;
