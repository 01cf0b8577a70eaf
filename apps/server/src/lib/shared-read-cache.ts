/**
 * Answers that are the same for everyone (the leaderboards, a visitor's pages), kept in memory until
 * something they show changes or for at most `maxAgeMs` (decision 011).
 *
 * Whoever owns one keeps it exact by calling `clear()` on every change (the leaderboards: a NOTIFY from
 * the triggers for changes made by any process, and at once after each successful write this process
 * answers). Concurrent readers of a missing entry share one load. A load that was
 * running when a change arrived is handed to the requests that were already waiting for it, but not
 * kept; a request that arrives after a change never joins a load that began before it. `maxAgeMs`
 * bounds how long an entry lives should a notice ever be lost.
 */
export interface SharedReadCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
}

export function createSharedReadCache<T>({ maxAgeMs = 60_000, maxEntries = 100 } = {}): SharedReadCache<T> {
  const entries = new Map<string, { value: T; storedAt: number }>();
  const inflight = new Map<string, Promise<T>>();
  let generation = 0;

  const store = (key: string, value: T) => {
    entries.delete(key); // a refreshed entry counts as the newest
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, storedAt: Date.now() });
  };

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry && Date.now() - entry.storedAt < maxAgeMs) return Promise.resolve(entry.value);
      const running = inflight.get(key);
      if (running) return running;
      const startedIn = generation;
      const loading = load().then(
        (value) => {
          if (generation === startedIn) {
            inflight.delete(key);
            store(key, value);
          }
          return value;
        },
        (error: unknown) => {
          if (generation === startedIn) inflight.delete(key);
          throw error;
        },
      );
      inflight.set(key, loading);
      return loading;
    },
    clear() {
      generation++;
      entries.clear();
      inflight.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
