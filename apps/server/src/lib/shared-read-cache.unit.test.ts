import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSharedReadCache } from './shared-read-cache.ts';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => vi.useRealTimers());

describe('shared read cache', () => {
  it('loads once for concurrent readers and answers from memory until cleared', async () => {
    const cache = createSharedReadCache<string>();
    const load = vi.fn(async () => 'top 50');
    const answers = await Promise.all([cache.get('all', load), cache.get('all', load), cache.get('all', load)]);
    expect(answers).toEqual(['top 50', 'top 50', 'top 50']);
    expect(await cache.get('all', load)).toBe('top 50');
    expect(load).toHaveBeenCalledTimes(1);
    cache.clear();
    expect(await cache.get('all', load)).toBe('top 50');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps keys apart', async () => {
    const cache = createSharedReadCache<string>();
    expect(await cache.get('week:1', async () => 'this week')).toBe('this week');
    expect(await cache.get('week:2', async () => 'next week')).toBe('next week');
    expect(await cache.get('week:1', async () => 'reloaded')).toBe('this week');
  });

  it('does not keep a load that a change overtook, nor let later readers join it', async () => {
    const cache = createSharedReadCache<string>();
    const before = deferred<string>();
    const waiting = cache.get('all', () => before.promise);
    cache.clear(); // a change commits while the load is running
    const after = cache.get('all', async () => 'after the change');
    before.resolve('before the change');
    expect(await waiting).toBe('before the change');
    expect(await after).toBe('after the change');
    expect(await cache.get('all', async () => 'loaded again')).toBe('after the change');
  });

  it('does not keep a failure', async () => {
    const cache = createSharedReadCache<string>();
    await expect(cache.get('all', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('all', async () => 'recovered')).toBe('recovered');
  });

  it('forgets an entry after maxAgeMs, and holds at most maxEntries', async () => {
    vi.useFakeTimers();
    const cache = createSharedReadCache<number>({ maxAgeMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => 1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get('a', async () => 2)).toBe(2);
    await cache.get('b', async () => 3);
    await cache.get('c', async () => 4);
    expect(cache.size).toBe(2);
    // Refreshing an entry that is kept does not push another out.
    vi.advanceTimersByTime(1001);
    expect(await cache.get('c', async () => 5)).toBe(5);
    vi.advanceTimersByTime(500);
    expect(await cache.get('b', async () => 6)).toBe(6); // b had expired; c is still there
    expect(await cache.get('c', async () => 7)).toBe(5);
  });
});
