import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let devRoutes: { method: string; url: string }[];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  // Every development route, found among the app's routes: a new one is covered without a new line here.
  devRoutes = t.app.routeList.filter((route) => route.method !== 'OPTIONS' && /^\/(api\/)?dev(\/|$)/.test(route.url));
});
afterAll(async () => t?.close());

function call(route: { method: string; url: string }, options: Pick<InjectOptions, 'remoteAddress' | 'headers'>) {
  return t.app.inject({ method: route.method as 'GET', url: route.url, ...options });
}

/** What the same request gets for an address where no route exists. */
async function noRouteAnswer(route: { method: string; url: string }, remoteAddress: string) {
  const unknown = { method: route.method, url: route.url.replace(/dev/, 'dev-nowhere') };
  const response = await call(unknown, { remoteAddress });
  return { status: response.statusCode, body: response.body.replace('dev-nowhere', 'dev') };
}

describe('the development pages (the outbox shows every reset link)', () => {
  it('are there: the outbox page and its JSON', () => {
    expect(devRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /dev/outbox', 'GET /api/dev/outbox']),
    );
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'answer a client on this machine (%s)',
    async (remoteAddress) => {
      for (const route of devRoutes) {
        const response = await call(route, { remoteAddress });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
      }
    },
  );

  it.each(['192.168.1.20', '10.0.0.5', '203.0.113.9', '2001:db8::7', '::ffff:192.168.1.20', 'fe80::1'])(
    'do not exist for a client elsewhere on the network (%s)',
    async (remoteAddress) => {
      for (const route of devRoutes) {
        const response = await call(route, { remoteAddress });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect({ status: response.statusCode, body: response.body }).toEqual(await noRouteAnswer(route, remoteAddress));
      }
    },
  );

  it.each([
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-for': '127.0.0.1' },
    { forwarded: 'for=127.0.0.1' },
    { 'x-real-ip': '127.0.0.1' },
    { 'x-forwarded-host': 'localhost' },
    { 'x-forwarded-proto': 'https' },
    { via: '1.1 nginx' },
  ])('do not exist for a request relayed by a proxy on this machine (%o)', async (headers) => {
    for (const route of devRoutes) {
      const response = await call(route, { remoteAddress: '127.0.0.1', headers });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it.each(['evil.example:3000', 'evil.example', 'localhost.evil.example', '127.0.0.1.nip.io:3000'])(
    'do not exist under a name that is not this machine’s, though it resolves here (DNS rebinding: %s)',
    async (host) => {
      for (const route of devRoutes) {
        const response = await call(route, { remoteAddress: '127.0.0.1', headers: { host } });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      }
    },
  );

  it('believe the connection, not a header claiming loopback', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
