/**
 * Counts events per key (an email address, a member) in fixed windows, in this process's memory: the
 * second limit of routes whose first is per client (@fastify/rate-limit), so that many clients together
 * cannot, for example, flood one inbox. Bounded: the oldest keys go first past `maxKeys`.
 */
export interface KeyWindowLimiter {
  /** Counts one event for `key`; returns the seconds to wait when it is over the limit, else 0. */
  hit(key: string, now?: number): number;
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
  return {
    hit(key, now = Date.now()) {
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
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
