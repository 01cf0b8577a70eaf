import { INVALID_CURSOR, MEMBER_ID_PATTERN } from '@lunara/shared/params';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';

type CursorPart = 'memberId' | 'boolean' | 'uuid' | 'timestamp' | 'micros';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// No row is dated after the year 9999: a cursor past it is forged, whatever PostgreSQL could hold.
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

// Each part as encodeCursor writes it, and nothing else: a value PostgreSQL would refuse (an impossible
// date, a number past its range, a NUL) must be a 400 here, not a database error.
const isPart: Record<CursorPart, (value: unknown) => boolean> = {
  memberId: (value) => typeof value === 'string' && MEMBER_ID_PATTERN.test(value),
  boolean: (value) => typeof value === 'boolean',
  uuid: (value) => typeof value === 'string' && UUID.test(value),
  // Date.toISOString() exactly: parsing and writing it back gives the same text, so "2026-02-31" or "1" fail.
  timestamp: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return false;
    const ms = Date.parse(value);
    return ms >= 0 && ms <= LATEST_MS && new Date(ms).toISOString() === value;
  },
  // Microseconds since the epoch as digits (exact, unlike a JSON number), up to the year 9999.
  micros: (value) => typeof value === 'string' && /^\d{1,18}$/.test(value) && Number(value) <= LATEST_MS * 1000,
};

/** Keyset cursors are opaque to clients: the sort values of the last row, base64url-encoded JSON. */
export function encodeCursor(values: Array<string | boolean>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Decodes and checks every part, so a forged cursor is a 400, never a database error. */
export function decodeCursor(cursor: string, shape: CursorPart[]): Array<string | boolean> {
  try {
    if (/^[\w-]{1,200}$/.test(cursor)) {
      const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
      if (
        Array.isArray(values) &&
        values.length === shape.length &&
        values.every((value, i) => isPart[shape[i] ?? 'uuid'](value))
      ) {
        return values as Array<string | boolean>;
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('BAD_REQUEST', 400, INVALID_CURSOR);
}

/**
 * A timestamp as exact microseconds since the epoch, for cursors: JavaScript dates keep milliseconds
 * only, and a cursor rounded to the millisecond would skip rows created within that millisecond.
 */
export const microsOf = (column: SQL | AnyColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The timestamptz a `micros` cursor part stands for (exact: no floating point on the way). */
export const timestampFromMicros = (micros: string | Placeholder) =>
  sql`(timestamptz 'epoch' + (${micros} || ' microseconds')::interval)`;

/**
 * For statements built once (`directRead`): rows after a `[pinned, micros, id]` cursor in a
 * list ordered by (pinned, time, id) descending, its values left as placeholders that
 * `pinnedCursorValues` fills.
 */
export const afterPinnedCursor = (pinned: AnyColumn, time: AnyColumn, id: AnyColumn) =>
  sql`(${pinned}, ${time}, ${id}) < (${sql.placeholder('pinned')}, ${timestampFromMicros(sql.placeholder('micros'))}, ${sql.placeholder('id')}::uuid)`;

export const PINNED_CURSOR: CursorPart[] = ['boolean', 'micros', 'uuid'];

/** The placeholder values of `afterPinnedCursor` for a cursor decoded with `PINNED_CURSOR`. */
export const pinnedCursorValues = (cursor: Array<string | boolean>) => ({
  pinned: cursor[0],
  micros: String(cursor[1]),
  id: cursor[2],
});
