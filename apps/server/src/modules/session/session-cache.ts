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

export interface CachedSession<T> {
  userId: string;
  value: T;
  /** Epoch ms after which the entry must be loaded again. */
  expiresAt: number;
}

export interface SessionCache<T> {
  get(key: string, now?: number): T | undefined;
  /** Loads through the cache; `load` returns the value and when the session itself expires. */
  resolve(
    key: string,
    load: () => Promise<{ userId: string; value: T; sessionExpiresAt: number } | null>,
  ): Promise<T | null>;
  invalidateUser(userId: string): void;
  clear(): void;
  readonly size: number;
  close(): void;
}

const liveCaches = new Set<{ invalidateUser(userId: string): void; clear(): void }>();

/** Drops a member's cached sessions in every cache of this process (other processes hear the NOTIFY). */
export function announceSessionChange(userId?: string): void {
  for (const cache of liveCaches) {
    if (userId) cache.invalidateUser(userId);
    else cache.clear();
  }
}

/** Above this many members invalidated while loads were in flight, forget which: treat all as stale. */
const MAX_TRACKED_INVALIDATIONS = 10_000;

export function createSessionCache<T>({ ttlMs = 60_000, maxEntries = 50_000 } = {}): SessionCache<T> {
  const entries = new Map<string, CachedSession<T>>();
  const keysByUser = new Map<string, Set<string>>();
  // One load per cookie at a time: concurrent first requests of a member share it (without this a
  // page's burst of requests each asked better-auth, each refreshing the same session).
  const inflight = new Map<string, Promise<T | null>>();
  // Invalidations are numbered; a load keeps its result only when nothing invalidated its member (or
  // everything) after it started. Per member, so that one member's sign-in does not discard the loads
  // of everyone else in flight at that moment.
  let sequence = 0;
  let clearedAt = 0;
  const userInvalidatedAt = new Map<string, number>();
  let running = 0; // loads not finished, including those a change detached from `inflight`

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.userId);
  };

  const invalidatedSince = (userId: string, startedAt: number) =>
    clearedAt > startedAt || (userInvalidatedAt.get(userId) ?? 0) > startedAt;

  const store = (key: string, loaded: { userId: string; value: T; sessionExpiresAt: number }) => {
    remove(key);
    entries.set(key, {
      userId: loaded.userId,
      value: loaded.value,
      expiresAt: Math.min(Date.now() + ttlMs, loaded.sessionExpiresAt),
    });
    const keys = keysByUser.get(loaded.userId) ?? new Set<string>();
    keys.add(key);
    keysByUser.set(loaded.userId, keys);
    // Map iteration is insertion order: the first key is the oldest entry.
    if (entries.size > maxEntries) remove(entries.keys().next().value as string);
  };

  const cache: SessionCache<T> = {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    resolve(key, load) {
      const hit = cache.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const joined = inflight.get(key);
      if (joined) return joined;
      const startedAt = sequence;
      running++;
      const loading = load()
        .then((loaded) => {
          if (!loaded) return null;
          if (!invalidatedSince(loaded.userId, startedAt)) store(key, loaded);
          return loaded.value;
        })
        .finally(() => {
          if (inflight.get(key) === loading) inflight.delete(key);
          running--;
          if (running === 0) userInvalidatedAt.clear();
        });
      inflight.set(key, loading);
      return loading;
    },
    invalidateUser(userId) {
      sequence++;
      // A request after the change must not join a load that began before it.
      inflight.clear();
      if (userInvalidatedAt.size >= MAX_TRACKED_INVALIDATIONS) {
        userInvalidatedAt.clear();
        clearedAt = sequence;
      } else {
        userInvalidatedAt.set(userId, sequence);
      }
      for (const key of keysByUser.get(userId) ?? []) entries.delete(key);
      keysByUser.delete(userId);
    },
    clear() {
      sequence++;
      clearedAt = sequence;
      inflight.clear();
      userInvalidatedAt.clear();
      entries.clear();
      keysByUser.clear();
    },
    get size() {
      return entries.size;
    },
    close() {
      liveCaches.delete(cache);
      cache.clear();
    },
  };
  liveCaches.add(cache);
  return cache;
}
