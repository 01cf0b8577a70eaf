import { AppError } from '../errors.ts';

/** Keyset cursors are opaque to clients: the sort values of the last row, base64url-encoded JSON. */
export function encodeCursor(values: Array<string | number | boolean>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(
  cursor: string,
  shape: Array<'string' | 'number' | 'boolean'>,
): Array<string | number | boolean> {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(values) &&
      values.length === shape.length &&
      values.every((value, i) => typeof value === shape[i])
    ) {
      return values as Array<string | number | boolean>;
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('BAD_REQUEST', 400, 'The page cursor is not valid: start again from the first page');
}
