import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { literalLimit } from './literal-limit.ts';

describe('literalLimit', () => {
  it('writes the number into the statement, not as a parameter', () => {
    const query = new PgDialect().sqlToQuery(sql`select 1 limit ${literalLimit(21)}`);
    expect(query.sql).toBe('select 1 limit 21');
    expect(query.params).toEqual([]);
  });

  it('accepts only whole, non-negative numbers', () => {
    expect(() => literalLimit(2.5)).toThrow();
    expect(() => literalLimit(-1)).toThrow();
    expect(() => literalLimit(Number.NaN)).toThrow();
  });
});
