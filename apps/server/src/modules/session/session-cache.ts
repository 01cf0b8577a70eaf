import { createMemberCache, type MemberCache } from '../../lib/member-cache.ts';

/**
 * Who a session cookie belongs to, kept in memory so that a request does not cost database round
 * trips for the session, the role and the membership (decision 008).
 *
 * Safe because every change that could alter an answer drops it: triggers on `session`, `user`,
 * `user_roles` and `subscriptions` NOTIFY the member's id to every process (migration 0006), the
 * process that made the change also drops it at once (`announceSessionChange`), and an entry lives at
 * most `ttlMs` and never past its session's expiry. A load that raced with an invalidation is not kept.
 */

export const SESSION_CHANNEL = 'lunara_sessions';

export interface SessionCache<T> extends MemberCache<T> {
  close(): void;
}

const liveCaches = new Set<MemberCache<unknown>>();

/** Drops a member's cached sessions in every cache of this process (other processes hear the NOTIFY). */
export function announceSessionChange(userId?: string): void {
  for (const cache of liveCaches) {
    if (userId) cache.invalidateUser(userId);
    else cache.clear();
  }
}

export function createSessionCache<T>({ ttlMs = 60_000, maxEntries = 50_000 } = {}): SessionCache<T> {
  const cache = createMemberCache<T>({ ttlMs, maxEntries });
  liveCaches.add(cache);
  return Object.assign(cache, {
    close() {
      liveCaches.delete(cache);
      cache.clear();
    },
  });
}
