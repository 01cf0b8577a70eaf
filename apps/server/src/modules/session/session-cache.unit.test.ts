import { describe, expect, it } from 'vitest';
import { announceSessionChange, createSessionCache } from './session-cache.ts';

const loaded =
  (userId: string, value: string, expiresAt = Date.now() + 60_000) =>
  async () => ({
    userId,
    value,
    expiresAt,
  });

describe('session cache', () => {
  it('loads once, then answers from memory until the member changes', async () => {
    const cache = createSessionCache<string>();
    let loads = 0;
    const load = async () => {
      loads++;
      return { userId: 'u1', value: `v${loads}`, expiresAt: Date.now() + 60_000 };
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
    // Stored at or after `before`: alive until at least before + 1000, however slow the machine is.
    const before = Date.now();
    await cache.resolve('a', loaded('u1', 'x'));
    expect(cache.get('a', before + 999)).toBe('x');
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
      return { userId: 'u1', value: 'read before the change', expiresAt: Date.now() + 60_000 };
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

describe('session cache under concurrent first requests', () => {
  const gate = () => {
    let release: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { opened, release: () => release() };
  };

  it('loads a cookie once for requests that arrive together', async () => {
    const cache = createSessionCache<string>();
    const { opened, release } = gate();
    let loads = 0;
    const load = async () => {
      loads++;
      await opened;
      return { userId: 'u1', value: 'member', expiresAt: Date.now() + 60_000 };
    };
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.resolve('a', load)));
    release();
    expect(await answers).toEqual(Array(20).fill('member'));
    expect(loads).toBe(1);
    expect(cache.get('a')).toBe('member');
    cache.close();
  });

  it('keeps a load when only another member changed meanwhile', async () => {
    const cache = createSessionCache<string>();
    const { opened, release } = gate();
    const pending = cache.resolve('a', async () => {
      await opened;
      return { userId: 'u1', value: 'one', expiresAt: Date.now() + 60_000 };
    });
    cache.invalidateUser('u2');
    release();
    expect(await pending).toBe('one');
    expect(cache.get('a')).toBe('one');
    cache.close();
  });

  it('does not let a request after a change join a load that began before it', async () => {
    const cache = createSessionCache<string>();
    const first = gate();
    let loads = 0;
    const load = async () => {
      loads++;
      const value = loads === 1 ? 'before' : 'after';
      if (loads === 1) await first.opened;
      return { userId: 'u1', value, expiresAt: Date.now() + 60_000 };
    };
    const early = cache.resolve('a', load);
    cache.invalidateUser('u1');
    const late = cache.resolve('a', load);
    expect(await late).toBe('after');
    first.release();
    expect(await early).toBe('before');
    // The stale load finished last and must not overwrite what the later one stored.
    expect(cache.get('a')).toBe('after');
    cache.close();
  });
});
