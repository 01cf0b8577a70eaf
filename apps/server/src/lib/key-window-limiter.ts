/**
 * Counts events per key (an email address, a member) in fixed windows, in this process's memory: the
 * second limit of routes whose first is per client (@fastify/rate-limit), so that many clients together
 * cannot, for example, flood one inbox. Bounded: the oldest keys go first past `maxKeys`.
 */
export interface KeyWindowLimiter {
  /** Counts one event for `key`; returns the seconds to wait when it is over the limit, else 0. */
  hit(key: string, now?: number): number;
  /** The seconds to wait when `key` has used up its window, else 0 (counts nothing). */
  check(key: string, now?: number): number;
  /** Forgets `key` (e.g. failures, after a success). */
  reset(key: string): void;
}

export function createKeyWindowLimiter({
  max,
  windowMs,
  maxKeys = 100_000,
}: {
  max: number;
  windowMs: number;
  maxKeys?: number;
}): KeyWindowLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  const current = (key: string, now: number) => {
    const window = windows.get(key);
    return window && now - window.startedAt < windowMs ? window : undefined;
  };
  return {
    check(key, now = Date.now()) {
      const window = current(key, now);
      return window && window.count >= max ? Math.ceil((window.startedAt + windowMs - now) / 1000) : 0;
    },
    reset(key) {
      windows.delete(key);
    },
    hit(key, now = Date.now()) {
      let window = current(key, now);
      if (!window) {
        windows.delete(key);
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      }
      window.count++;
      return window.count > max ? Math.ceil((window.startedAt + windowMs - now) / 1000) : 0;
    },
  };
}
