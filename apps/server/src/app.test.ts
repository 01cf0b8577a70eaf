import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';
import { IDLE_CONNECTION_TIMEOUT_MS } from './app.ts';
import { queryRows } from './db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 3 });
});
afterAll(async () => t?.close());

describe('operations endpoints', () => {
  it('closes a connection idle for two minutes, so a stalled request cannot hold a socket forever', () => {
    expect(IDLE_CONNECTION_TIMEOUT_MS).toBe(120_000);
    expect(t.app.server.timeout).toBe(IDLE_CONNECTION_TIMEOUT_MS);
  });

  it('answers /api/health', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /api/ready when the database is migrated, 503 when it is not', async () => {
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    const { migrations } = ready.json();
    expect(ready.json().status).toBe('ready');
    expect(migrations.applied).toBe(migrations.expected);
    expect(migrations.expected).toBeGreaterThan(4);
    // A migration goes missing (as on a database an older build migrated).
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    try {
      const notReady = await t.request({ method: 'GET', url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toMatchObject({ status: 'unavailable', reason: 'migrations not applied' });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await t.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('publishes the OpenAPI document and the API reference page', async () => {
    const document = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/me', '/api/users/{userId}/role']));
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('tells the browser the product name and price from configuration', async () => {
    const response = await t.request({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ productName: 'Lunara', priceCents: 5500, currency: 'USD' });
  });

  it("makes each request's id itself, never taking a client's (a trusted proxy's: trusted-proxy.test.ts)", async () => {
    const given = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-abc-123' } });
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const made = await t.request({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a page policy with pages', async () => {
    const response = await t.request({ method: 'GET', url: '/community' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends the API headers with API answers, and a page policy with its documentation', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    // Only pages need the rest.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-security-policy']).not.toBe("default-src 'none';frame-ancestors 'none'");
  });
});

describe('errors', () => {
  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/nothing-here' } });
  });

  it('answers an over-long or malformed address in the same shape, before any route runs', async () => {
    const tooLong = await t.request({ method: 'GET', url: `/api/forums/topics/${'x'.repeat(500)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ error: { code: 'URL_TOO_LONG', message: 'That address is too long.' } });
    const malformed = await t.request({ method: 'GET', url: '/api/posts/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: { code: 'BAD_URL', message: 'That address is not valid.' } });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const member = await t.signUp();
    const response = await t.request({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      cookie: member.cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"emailEnabled": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeTypeOf('string');
    expect(response.json().error.message).toBeTypeOf('string');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin, even with a valid session', async () => {
    const member = await t.signUp();
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: member.cookie,
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'CROSS_SITE_REQUEST', message: 'Cross-site requests are not allowed' },
    });
    const me = await t.request({ method: 'GET', url: '/api/me', cookie: member.cookie });
    expect(me.json().user.id).toBe(member.id);
  });

  it('refuses a request a browser marks as cross-site even without Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: uniqueEmail(), password: 'moonlight', name: 'Luna' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the app served on 127.0.0.1 as well as localhost', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { email: uniqueEmail(), password: 'moonlight', name: 'Luna' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per client with 429 and Retry-After', async () => {
    const member = await t.signUp();
    const attempt = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.1.2.3',
        payload: { email: member.email, password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(/Too many attempts/);

    // Another client is not affected.
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.9.9.9',
      payload: { email: member.email, password: member.password },
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits sign-ups and password resets too', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/request-password-reset']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await t.request({
          method: 'POST',
          url,
          remoteAddress: `10.2.0.${url.length}`,
          payload: { email: uniqueEmail(), password: 'moonlight', name: 'Luna' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1), url).toBe(429);
    }
  });
});
