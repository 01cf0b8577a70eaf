import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';
import { loadConfig } from './config.ts';
import { PAGE_LOADER_SCRIPT } from './modules/pages/page-html.ts';

const ORIGIN = 'https://lunara.example';
let t: TestApp;
beforeAll(async () => {
  const production = loadConfig({
    NODE_ENV: 'production',
    APP_URL: ORIGIN,
    PORT: '3000',
    DEMO_DATA: '0',
    AUTH_RATE_LIMIT: '1000',
    AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  });
  t = await createTestApp(production);
});
afterAll(async () => t?.close());

describe('in production', () => {
  it('sends HSTS and a strict Content-Security-Policy', async () => {
    const api = await t.request({ method: 'GET', url: '/api/health', headers: { origin: ORIGIN } });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const response = await t.request({ method: 'GET', url: '/community' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    // Scripts from the app's origin, and the one inline script whose exact text the CSP names by hash.
    const loaderHash = createHash('sha256').update(PAGE_LOADER_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${loaderHash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives a Secure, HTTP-only, SameSite session cookie', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email: uniqueEmail(), password: 'moonlight' },
    });
    expect(response.statusCode).toBe(200);
    const header = response.headers['set-cookie'];
    const cookies = Array.isArray(header) ? header : [String(header)];
    const session = cookies.find((cookie) => cookie.includes('better-auth.session_token='));
    expect(session).toBeDefined();
    const attributes = session?.toLowerCase() ?? '';
    expect(attributes.startsWith('__secure-')).toBe(true);
    expect(attributes).toContain('; secure');
    expect(attributes).toContain('; httponly');
    expect(attributes).toContain('; samesite=lax');
  });

  it('has no development pages', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('refuses state-changing requests from another site', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: uniqueEmail(), password: 'moonlight' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
  });
});
