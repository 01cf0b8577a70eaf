/** The request header carrying the client's key for one intended create (no zod: it is in the first bundle). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** A key is the client's own random id: 16 to 64 characters of letters, digits, `-` and `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 16 to 64 letters, digits, - or _';

export const IDEMPOTENCY_KEY_REUSED = 'This request key was already used for a different request';

export const IDEMPOTENCY_KEY_STILL_RUNNING = 'The same request is still being processed. Please try again in a moment.';
