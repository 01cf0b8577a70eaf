import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { check, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders, so every table spells ids and timestamps the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** CHECK (column IN (...)) built from the shared constant, so the database and the code agree. */
export function checkIn(name: string, column: PgColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(values.map(quote).join(', '))})`);
}
