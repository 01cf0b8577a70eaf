import { INVALID_CURSOR } from '@lunara/shared/params';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, PINNED_CURSOR } from './cursor.ts';

const UUID = '0b6b1c52-77a1-5e0f-9c59-2d9f8f2a1b3c';
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const refusal = (cursor: string, shape: Parameters<typeof decodeCursor>[1]) => {
  try {
    decodeCursor(cursor, shape);
    return 'accepted';
  } catch (error) {
    return `${(error as { statusCode?: number }).statusCode} ${(error as Error).message}`;
  }
};

describe('keyset cursors', () => {
  it('round-trip what the API hands out', () => {
    const pinned = [true, '1795000000123456', UUID];
    expect(decodeCursor(encodeCursor(pinned), PINNED_CURSOR)).toEqual(pinned);
    const dated = ['2026-11-23T10:00:00.123Z', 'Yb3kQv9sJd0LxWm2Pq7rTz5nHc8GfA1e'];
    expect(decodeCursor(encodeCursor(dated), ['timestamp', 'memberId'])).toEqual(dated);
  });

  it('refuse forged shapes and out-of-range values with a 400', () => {
    const forged: Array<[string, Parameters<typeof decodeCursor>[1]]> = [
      ['not base64!', PINNED_CURSOR],
      [forge({}), PINNED_CURSOR],
      [forge(null), PINNED_CURSOR],
      [forge([true, '1', UUID, 'extra']), PINNED_CURSOR],
      [forge(['true', '1', UUID]), PINNED_CURSOR],
      [forge([true, 1795000000123456, UUID]), PINNED_CURSOR],
      [forge([true, '1e400', UUID]), PINNED_CURSOR],
      [forge([true, '-1', UUID]), PINNED_CURSOR],
      [forge([true, '9'.repeat(19), UUID]), PINNED_CURSOR],
      [forge([true, '1', 'not-a-uuid']), PINNED_CURSOR],
      [forge([true, '1', `${UUID}\u0000`]), PINNED_CURSOR],
      [forge(['2026-02-31T00:00:00.000Z', UUID]), ['timestamp', 'uuid']],
      [forge(['1', UUID]), ['timestamp', 'uuid']],
      [forge(['2026-11-23', UUID]), ['timestamp', 'uuid']],
      [forge(['+275760-09-13T00:00:00.000Z', UUID]), ['timestamp', 'uuid']],
      [forge(['2026-11-23T10:00:00.000Z', 'a\u0000b']), ['timestamp', 'memberId']],
      [forge(['2026-11-23T10:00:00.000Z', "x' or 1=1"]), ['timestamp', 'memberId']],
      ['x'.repeat(5000), ['timestamp', 'uuid']],
    ];
    for (const [cursor, shape] of forged) {
      expect(refusal(cursor, shape), Buffer.from(cursor, 'base64url').toString()).toBe(`400 ${INVALID_CURSOR}`);
    }
  });
});
