import { z } from 'zod';
import { INVALID_CURSOR, MEMBER_ID_PATTERN, POSTGRES_INT_MAX } from './params-constants.ts';

export { INVALID_CURSOR, MEMBER_ID_PATTERN, POSTGRES_INT_MAX } from './params-constants.ts';

/**
 * Ids and cursors from paths and query strings, checked before they reach the database: a value outside
 * what a column can hold is a database error (a 500) rather than "not found", so it is refused here.
 */

/** A positive `integer` id as a path or query string sends it (text): decimal digits only, in int4 range. */
export const positiveInt32Param = (message: string) =>
  z
    .string({ message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .refine((digits) => Number(digits) <= POSTGRES_INT_MAX, message)
    .transform(Number);

export const memberIdSchema = (message: string) => z.string({ message }).regex(MEMBER_ID_PATTERN, message);

/** A keyset cursor as the API hands it out (base64url); its content is checked where it is decoded. */
export const cursorSchema = z
  .string()
  .max(200, INVALID_CURSOR)
  .regex(/^[\w-]*$/, INVALID_CURSOR);
