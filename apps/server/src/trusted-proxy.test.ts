import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';

const PROXY = '10.0.0.1';
const LIMIT = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The same deployment twice: without TRUST_PROXY (the default), and told that 10.0.0.1 is its proxy.
let direct: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  direct = await createTestApp({ authRateLimitPerMinute: LIMIT });
  behindProxy = await createTestApp({ authRateLimitPerMinute: LIMIT, trustProxy: [PROXY] });
});
afterAll(async () => {
  await direct?.close();
  await behindProxy?.close();
});

/** A failed sign-in from `remoteAddress` (the TCP peer), with X-Forwarded-For when given. */
async function signInAttempt(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: uniqueEmail(), password: 'not-the-password' },
  });
  return response.statusCode;
}

async function useUpLimit(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  for (let attempt = 0; attempt < LIMIT; attempt++) {
    expect(await signInAttempt(t, remoteAddress, forwardedFor)).toBe(401);
  }
  expect(await signInAttempt(t, remoteAddress, forwardedFor)).toBe(429);
}

describe('rate limits behind a reverse proxy', () => {
  it('without TRUST_PROXY, count the proxy: two clients behind it share one bucket', async () => {
    const proxy = '10.0.0.2';
    await useUpLimit(direct, proxy, '203.0.113.1');
    expect(await signInAttempt(direct, proxy, '203.0.113.2')).toBe(429);
  });

  it('with TRUST_PROXY, count each client the proxy names', async () => {
    await useUpLimit(behindProxy, PROXY, '203.0.113.1');
    expect(await signInAttempt(behindProxy, PROXY, '203.0.113.2')).toBe(401);
    // The client's own X-Forwarded-For entries, before the one the proxy appended, change nothing.
    expect(await signInAttempt(behindProxy, PROXY, '198.51.100.50, 203.0.113.1')).toBe(429);
  });

  it('with TRUST_PROXY, ignore X-Forwarded-For from a peer that is not the proxy', async () => {
    const attacker = '198.51.100.7';
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect(await signInAttempt(behindProxy, attacker, `192.0.2.${attempt}`)).toBe(401);
    }
    expect(await signInAttempt(behindProxy, attacker, '192.0.2.99')).toBe(429);
    expect(await signInAttempt(behindProxy, attacker)).toBe(429);
  });
});

describe('X-Request-Id', () => {
  async function requestIdOf(t: TestApp, remoteAddress: string, sent: string) {
    const response = await t.request({
      method: 'GET',
      url: '/api/health',
      remoteAddress,
      headers: { 'x-request-id': sent },
    });
    return String(response.headers['x-request-id']);
  }

  it("is made by the server for a client's request, whatever it sends", async () => {
    for (const t of [direct, behindProxy]) {
      for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
        const id = await requestIdOf(t, remoteAddress, 'client-chosen-id-1234');
        expect(id).not.toBe('client-chosen-id-1234');
        expect(id).toMatch(UUID);
      }
    }
  });

  it('follows the request from a trusted proxy when well formed', async () => {
    expect(await requestIdOf(behindProxy, PROXY, 'proxy-request-0001')).toBe('proxy-request-0001');
    expect(await requestIdOf(behindProxy, `::ffff:${PROXY}`, 'proxy_request_0002')).toBe('proxy_request_0002');
  });

  it.each([
    'short',
    'with spaces in it',
    'a'.repeat(65),
    'semi;colon-request-id',
    '<script>alert(1)</script>',
    '../../etc/passwd-123',
  ])('is never an ill-formed id (%s), even from the trusted proxy', async (sent) => {
    const id = await requestIdOf(behindProxy, PROXY, sent);
    expect(id).not.toBe(sent);
    expect(id).toMatch(UUID);
  });
});
