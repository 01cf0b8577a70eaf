import { describe, expect, it } from 'vitest';
import { announceSessionChange, createSessionCache } from './session-cache.ts';

const loaded =
  (userId: string, value: string, sessionExpiresAt = Date.now() + 60_000) =>
  async () => ({
    userId,
    value,
    sessionExpiresAt,
  });

describe('session cache', () => {
  it('loads once, then answers from memory until the member changes', async () => {
    const cache = createSessionCache<string>();
    let loads = 0;
    const load = async () => {
      loads++;
      return { userId: 'u1', value: `v${loads}`, sessionExpiresAt: Date.now() + 60_000 };
    };
    expect(await cache.resolve('cookie-a', load)).toBe('v1');
    expect(await cache.resolve('cookie-a', load)).toBe('v1');
    expect(loads).toBe(1);
    cache.invalidateUser('u1');
    expect(await cache.resolve('cookie-a', load)).toBe('v2');
    announceSessionChange('u1');
    expect(cache.get('cookie-a')).toBeUndefined();
    cache.close();
  });

  it('never keeps an entry past its time to live or its session', async () => {
    const cache = createSessionCache<string>({ ttlMs: 1_000 });
    await cache.resolve('a', loaded('u1', 'x'));
    expect(cache.get('a', Date.now() + 999)).toBe('x');
    expect(cache.get('a', Date.now() + 1_001)).toBeUndefined();
    await cache.resolve('b', loaded('u2', 'y', Date.now() + 10));
    expect(cache.get('b', Date.now() + 20)).toBeUndefined();
    cache.close();
  });

  it('does not keep a load that raced with an invalidation', async () => {
    const cache = createSessionCache<string>();
    let release: () => void = () => {};
    const slow = async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { userId: 'u1', value: 'read before the change', sessionExpiresAt: Date.now() + 60_000 };
    };
    const pending = cache.resolve('a', slow);
    cache.invalidateUser('u1');
    release();
    expect(await pending).toBe('read before the change');
    expect(cache.get('a')).toBeUndefined();
    cache.close();
  });

  it('remembers no visitor and stays within its size', async () => {
    const cache = createSessionCache<string>({ maxEntries: 2 });
    expect(await cache.resolve('forged', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
    await cache.resolve('a', loaded('u1', '1'));
    await cache.resolve('b', loaded('u2', '2'));
    await cache.resolve('c', loaded('u3', '3'));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('3');
    cache.close();
    announceSessionChange();
  });
});
