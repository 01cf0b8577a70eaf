/**
 * Values that belong to one member each (who a session cookie is, a member's notifications), kept in
 * memory and dropped the moment something about that member changes (decisions 008 and 013).
 *
 * The owner keeps it exact: it calls `invalidateUser` for every change, from the database's NOTIFY
 * for changes made by any process and at once for its own, and `clear` when it may have missed some.
 * A load that raced with an invalidation of its member is handed to the requests that waited for it
 * but not kept; an entry lives at most `ttlMs`, and the oldest goes first past `maxEntries`.
 */
interface CachedValue<T> {
  userId: string;
  value: T;
  /** Epoch ms after which the entry must be loaded again. */
  expiresAt: number;
}

export interface MemberCache<T> {
  get(key: string, now?: number): T | undefined;
  /** Loads through the cache; `load` returns the value, whose member it is, and when it stops being true. */
  resolve(key: string, load: () => Promise<Loaded<T> | null>): Promise<T | null>;
  invalidateUser(userId: string): void;
  clear(): void;
  readonly size: number;
}

export interface Loaded<T> {
  userId: string;
  value: T;
  /** Epoch ms past which the value is no longer true whatever happens (a session's expiry). */
  expiresAt?: number;
}

/** Above this many members invalidated while loads were in flight, forget which: treat all as stale. */
const MAX_TRACKED_INVALIDATIONS = 10_000;

export function createMemberCache<T>({ ttlMs = 60_000, maxEntries = 50_000 } = {}): MemberCache<T> {
  const entries = new Map<string, CachedValue<T>>();
  const keysByUser = new Map<string, Set<string>>();
  // One load per key at a time: concurrent first requests share it (without this a page's burst of
  // requests each asked better-auth, each refreshing the same session).
  const inflight = new Map<string, Promise<T | null>>();
  // Invalidations are numbered; a load keeps its result only when nothing invalidated its member (or
  // everything) after it started. Per member, so that one member's change does not discard the loads
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

  const store = (key: string, loaded: Loaded<T>) => {
    remove(key);
    entries.set(key, {
      userId: loaded.userId,
      value: loaded.value,
      expiresAt: Math.min(Date.now() + ttlMs, loaded.expiresAt ?? Number.POSITIVE_INFINITY),
    });
    const keys = keysByUser.get(loaded.userId) ?? new Set<string>();
    keys.add(key);
    keysByUser.set(loaded.userId, keys);
    // Map iteration is insertion order: the first key is the oldest entry.
    if (entries.size > maxEntries) remove(entries.keys().next().value as string);
  };

  const cache: MemberCache<T> = {
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
  };
  return cache;
}
