/**
 * How long a sign-in lasts, and how often its expiry moves forward as she keeps using it (better-auth's
 * `session.expiresIn` and `updateAge`, in seconds). A session whose expiry is more than `updateAge` older
 * than a fresh one's is written again on its next use, which also drops it from every process's session
 * cache (the session trigger's NOTIFY): the benchmark makes its sessions as a fresh sign-in does.
 */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
