import { z } from 'zod';

/**
 * Ids and cursors from paths and query strings, checked before they reach the database: a value outside
 * what a column can hold is a database error (a 500) rather than "not found", so it is refused here.
 */

/** PostgreSQL's `integer` (int4) upper bound. */
export const POSTGRES_INT_MAX = 2_147_483_647;

export const INVALID_CURSOR = 'The page cursor is not valid: start again from the first page';

/** A positive `integer` id as a path or query string sends it (text): decimal digits only, in int4 range. */
export const positiveInt32Param = (message: string) =>
  z
    .string({ message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .refine((digits) => Number(digits) <= POSTGRES_INT_MAX, message)
    .transform(Number);

/** A member's id: better-auth's random ids and the seed's UUIDs are letters, digits and dashes. */
export const MEMBER_ID_PATTERN = /^[\w-]{1,100}$/;
export const memberIdSchema = (message: string) => z.string({ message }).regex(MEMBER_ID_PATTERN, message);

/** A keyset cursor as the API hands it out (base64url); its content is checked where it is decoded. */
export const cursorSchema = z
  .string()
  .max(200, INVALID_CURSOR)
  .regex(/^[\w-]*$/, INVALID_CURSOR);
