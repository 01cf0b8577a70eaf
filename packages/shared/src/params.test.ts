import { describe, expect, it } from 'vitest';
import { cursorSchema, INVALID_CURSOR, memberIdSchema, POSTGRES_INT_MAX, positiveInt32Param } from './params.ts';

describe('positive int4 ids from paths', () => {
  const id = positiveInt32Param('Unknown course');

  it('reads the ids PostgreSQL can hold', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse(String(POSTGRES_INT_MAX))).toBe(POSTGRES_INT_MAX);
  });

  it('refuses everything else with the route’s message', () => {
    for (const value of [
      '0',
      '-1',
      '2147483648',
      '99999999999',
      '1e309',
      '1e3',
      '0x10',
      ' 1',
      '1.0',
      '01',
      '',
      'abc',
      '%00',
    ]) {
      expect(id.safeParse(value).error?.issues[0]?.message, value).toBe('Unknown course');
    }
  });
});

describe('member ids and cursors', () => {
  it('accepts better-auth ids and UUIDs, nothing with other characters', () => {
    const memberId = memberIdSchema('Unknown member');
    expect(memberId.parse('Yb3kQv9sJd0LxWm2Pq7rTz5nHc8GfA1e')).toBeTruthy();
    expect(memberId.parse('0b6b1c52-77a1-5e0f-9c59-2d9f8f2a1b3c')).toBeTruthy();
    for (const value of ['', 'a\u0000b', '../x', 'a b', 'x'.repeat(101), "1' or 1=1"]) {
      expect(memberId.safeParse(value).success, value).toBe(false);
    }
  });

  it('accepts only base64url cursors', () => {
    expect(cursorSchema.parse('WyIyMDI2Il0')).toBe('WyIyMDI2Il0');
    for (const value of ['a\u0000', 'a+b/c=', 'x'.repeat(201), '../']) {
      expect(cursorSchema.safeParse(value).error?.issues[0]?.message, value).toBe(INVALID_CURSOR);
    }
  });
});
