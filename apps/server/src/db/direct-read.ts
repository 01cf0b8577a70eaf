import type { PGlite } from '@electric-sql/pglite';
import { type AnyColumn, Column, fillPlaceholders, is, SQL, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { Db } from './client.ts';

/** A select built with drizzle's query builder (from `.from()` on), with the row type it declares. */
interface BuiltSelect<Rows> {
  readonly _: { readonly result: Rows };
  toSQL(): { sql: string; params: unknown[] };
}

type Values = Record<string, unknown>;

interface Statement {
  text: string;
  params: unknown[];
  keys: string[];
}

/**
 * The busiest reads (decision 011): written with drizzle's query builder, so that they name the schema's
 * tables and columns and their rows are typed, but run straight through the driver. Drizzle maps every
 * value of every row through its column's decoder, with `is()` checks on each field, and makes a Date
 * of every timestamp: a third of the feed's CPU in the server. Here the rows come back from the driver
 * as arrays and become objects keyed by the select's fields, in the select's order.
 *
 * Each field must arrive from the driver with its final type, as both drivers parse text, integers,
 * booleans, uuids and json: a flat selection, timestamps formatted in SQL (`isoTime`), no bigint. The
 * statement is checked and compiled once per database, at its first use.
 */
export function directRead<Rows extends unknown[]>(
  build: (db: Db) => BuiltSelect<Rows>,
): (db: Db, values?: Values) => Promise<Rows> {
  const compiled = new WeakMap<Db, Statement>();
  return async (db, values = {}) => {
    let statement = compiled.get(db);
    if (!statement) {
      statement = compile(build(db));
      compiled.set(db, statement);
    }
    const rows = await arrayRows(db, statement.text, fillPlaceholders(statement.params, values));
    const keys = statement.keys;
    return rows.map((row) => {
      const object: Values = {};
      for (let i = 0; i < keys.length; i++) object[keys[i] as string] = row[i];
      return object;
    }) as Rows;
  };
}

function compile(query: BuiltSelect<unknown>): Statement {
  // Drizzle keeps the selection, in the order of the SQL, in a field its declarations mark protected
  // (the unit tests would notice a change of drizzle's internals).
  const fields = (query as unknown as { config: { fields: Record<string, unknown> } }).config.fields;
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, Column)) {
      const type = field.getSQLType();
      if (/^(timestamp|date|time|interval|bigint|int8|numeric)/.test(type)) {
        throw new Error(`directRead: "${key}" is ${type}, which the drivers return differently; convert it in SQL`);
      }
    } else if (!is(field, SQL) && !is(field, SQL.Aliased)) {
      throw new Error(`directRead: "${key}" is not a column or an SQL expression (nested selections are not read)`);
    }
  }
  const { sql: text, params } = query.toSQL();
  return { text, params, keys: Object.keys(fields) };
}

async function arrayRows(db: Db, text: string, parameters: unknown[]): Promise<unknown[][]> {
  const client = (db as unknown as { $client: postgres.Sql | PGlite }).$client;
  if ('unsafe' in client) {
    return client.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], { prepare: true }).values();
  }
  return (await client.query<unknown[]>(text, parameters, { rowMode: 'array' })).rows;
}

/** A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds), formatted by PostgreSQL. */
export const isoTime = (column: SQL | AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
