/**
 * What ids and cursors in paths and query strings look like.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): params.ts
 * re-exports them beside its schemas.
 */

/** PostgreSQL's `integer` (int4) upper bound. */
export const POSTGRES_INT_MAX = 2_147_483_647;

export const INVALID_CURSOR = 'The page cursor is not valid: start again from the first page';

/** A member's id: better-auth's random ids and the seed's UUIDs are letters, digits and dashes. */
export const MEMBER_ID_PATTERN = /^[\w-]{1,100}$/;
