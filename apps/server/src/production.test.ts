import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../test/test-app.ts';
import { secretOfUri, totpCode } from '../test/totp.ts';
import { ConfigError, loadConfig } from './config.ts';
import { PAGE_LOADER_SCRIPT } from './modules/pages/page-html.ts';
import { grantRoleByEmail } from './modules/roles/service.ts';

const ORIGIN = 'https://lunara.example';
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_URL: ORIGIN,
  PORT: '3000',
  DEMO_DATA: '0',
  AUTH_RATE_LIMIT: '1000',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
};
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ID: 'price_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

// A built web app with a source map left beside its script (the production build writes none).
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-production-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'assets', 'index-abc123.js'),
  'console.log("moon");\n//# sourceMappingURL=index-abc123.js.map\n',
);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');

let t: TestApp;
/** Production that runs test billing on purpose, serving the web app above. */
let optedIn: TestApp;
beforeAll(async () => {
  t = await createTestApp(loadConfig({ ...PRODUCTION_ENV, ...STRIPE_ENV }));
  optedIn = await createTestApp(loadConfig({ ...PRODUCTION_ENV, ALLOW_TEST_BILLING: '1' }), { webDist });
});
afterAll(async () => {
  await t?.close();
  await optedIn?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  // The server keeps a copy of the build's assets beside it (modules/pages/retained-builds.ts).
  fs.rmSync(`${webDist}-retained`, { recursive: true, force: true });
});

/** A production admin (her session cookie is the __Secure- one). */
async function signUpAdmin(app: TestApp): Promise<string> {
  const email = uniqueEmail('admin');
  const response = await app.request({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    remoteAddress: '10.9.9.9',
    payload: { email, password: 'moonlight', name: 'Admin' },
  });
  expect(response.statusCode).toBe(200);
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header : [String(header)]).find((value) =>
    value.includes('better-auth.session_token='),
  );
  await grantRoleByEmail(app.database.db, email, 'admin');
  // Staff tools need two-factor in production (STAFF_TWO_FACTOR defaults to required).
  return turnOnTwoFactor(app, cookie?.split(';')[0] ?? '');
}

const setCookieOf = (response: { headers: Record<string, unknown> }, name: string) => {
  const header = response.headers['set-cookie'];
  const found = (Array.isArray(header) ? header : [String(header)]).find(
    (value: string) => value.startsWith(`${name}=`) && !/max-age=0/i.test(value),
  );
  return found?.split(';')[0];
};

/** Two-factor on for the session's member (password, then a code); her new session cookie. */
async function turnOnTwoFactor(app: TestApp, cookie: string): Promise<string> {
  const post = (url: string, payload: object, sessionCookie = cookie) =>
    app.request({ method: 'POST', url, cookie: sessionCookie, headers: { origin: ORIGIN }, payload });
  const enabled = await post('/api/auth/two-factor/enable', { password: 'moonlight' });
  expect(enabled.statusCode).toBe(200);
  const code = totpCode(secretOfUri(enabled.json().totpURI));
  const confirmed = await post('/api/auth/two-factor/verify-totp', { code });
  expect(confirmed.statusCode).toBe(200);
  return setCookieOf(confirmed, '__Secure-better-auth.session_token') ?? '';
}

async function settingsWarnings(app: TestApp): Promise<string[]> {
  const cookie = await signUpAdmin(app);
  const response = await app.request({
    method: 'GET',
    url: '/api/admin/settings',
    cookie,
    headers: { origin: ORIGIN },
  });
  expect(response.statusCode).toBe(200);
  return response.json().warnings;
}

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
      payload: { email: uniqueEmail(), password: 'moonlight', name: 'Luna' },
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
    // The reminders job's test clock: nobody can make production send reminders early.
    const run = await t.app.inject({ method: 'POST', url: '/api/dev/event-reminders/run?at=2030-01-01T00:00:00Z' });
    expect(run.statusCode).toBe(404);
    expect(t.app.routeList.some((route) => route.url.startsWith('/api/dev/'))).toBe(false);
  });

  it('refuses state-changing requests from another site', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: uniqueEmail(), password: 'moonlight', name: 'Luna' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
  });
});

describe('source maps in production', () => {
  it('are not served, even when a file is there', async () => {
    const script = await optedIn.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.map?x=1']) {
      const map = await optedIn.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(map.statusCode, url).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    }
  });
});

describe('two-factor in production', () => {
  it('signs in with a code through the __Secure- challenge cookie', async () => {
    const email = uniqueEmail('two-factor');
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      remoteAddress: '10.9.9.10',
      payload: { email, password: 'moonlight', name: 'Luna' },
    });
    const first = setCookieOf(signUp, '__Secure-better-auth.session_token') ?? '';
    const enabled = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie: first,
      headers: { origin: ORIGIN },
      payload: { password: 'moonlight' },
    });
    const secret = secretOfUri(enabled.json().totpURI);
    await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: first,
      headers: { origin: ORIGIN },
      payload: { code: totpCode(secret) },
    });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: 'moonlight' },
    });
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = setCookieOf(signIn, '__Secure-better-auth.two_factor');
    expect(challenge).toBeDefined();
    const verified = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: challenge,
      headers: { origin: ORIGIN },
      payload: { code: totpCode(secret) },
    });
    expect(verified.statusCode).toBe(200);
    const session = setCookieOf(verified, '__Secure-better-auth.session_token');
    const me = await t.request({ method: 'GET', url: '/api/me', cookie: session, headers: { origin: ORIGIN } });
    expect(me.json().user.email).toBe(email);
  });

  it('warns when staff may work without it (STAFF_TWO_FACTOR=optional)', () => {
    const warning =
      'STAFF_TWO_FACTOR=optional: admins and moderators can use staff tools without two-factor authentication, so a stolen password is enough to act as staff. Remove the setting to require it.';
    expect(loadConfig({ ...PRODUCTION_ENV, ...STRIPE_ENV, STAFF_TWO_FACTOR: 'optional' }).warnings).toEqual([warning]);
    expect(loadConfig({ ...PRODUCTION_ENV, ...STRIPE_ENV }).warnings).toEqual([]);
    expect(loadConfig({ ...PRODUCTION_ENV, ...STRIPE_ENV }).staffTwoFactor).toBe('required');
    expect(loadConfig({ PORT: '3000', STAFF_TWO_FACTOR: 'optional' }).warnings).toEqual([]);
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...STRIPE_ENV, STAFF_TWO_FACTOR: 'off' })).toThrow(
      'STAFF_TWO_FACTOR must be required or optional',
    );
  });
});

describe('billing in production', () => {
  it('with Stripe, has no test-mode billing routes and warns of nothing about billing', async () => {
    const cookie = await signUpAdmin(t);
    const complete = await t.request({
      method: 'POST',
      url: '/api/billing/test/complete',
      cookie,
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(complete.statusCode).toBe(404);
    expect((await settingsWarnings(t)).filter((warning) => warning.includes('ALLOW_TEST_BILLING'))).toEqual([]);
  });

  it('with ALLOW_TEST_BILLING=1 instead, shows admins the warning the server logs at start', async () => {
    expect(optedIn.app.billing.kind).toBe('test');
    expect(await settingsWarnings(optedIn)).toContain(
      'ALLOW_TEST_BILLING=1: billing runs in test mode in production, so anyone can become a member without paying. Set the Stripe keys to take payments.',
    );
  });
});

/** Every configuration production must not run with, and the line that says why. */
const UNSAFE_PRODUCTION: [string, Record<string, string>, string][] = [
  [
    'no Stripe keys (test billing makes anyone a member)',
    { ...PRODUCTION_ENV },
    'Refusing to start: production needs STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET (the test billing provider makes anyone a member for free); set ALLOW_TEST_BILLING=1 to run test billing anyway',
  ],
  [
    'an http APP_URL on a public host (cookies not Secure)',
    { ...PRODUCTION_ENV, ...STRIPE_ENV, APP_URL: 'http://lunara.example' },
    'Refusing to start: APP_URL must be https:// in production (session cookies are Secure only over https); http is accepted only for localhost, 127.0.0.1 or [::1]',
  ],
];

describe('production configuration refusals', () => {
  it.each(UNSAFE_PRODUCTION)('refuses %s with its own message', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('each message is different', () => {
    expect(new Set(UNSAFE_PRODUCTION.map(([, , message]) => message)).size).toBe(UNSAFE_PRODUCTION.length);
  });

  it('the server process exits 1 at start with that one line, before opening any database', async () => {
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '../../..');
    await Promise.all(
      UNSAFE_PRODUCTION.map(async ([, env, message]) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-refused-'));
        const outcome = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
          cwd: root,
          env: { PATH: process.env.PATH, ...env, DATA_DIR: dataDir },
          timeout: 60_000,
        }).then(
          () => ({ code: 0, stderr: '' }),
          (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
        );
        expect(outcome).toEqual({ code: 1, stderr: `${message}\n` });
        expect(fs.readdirSync(dataDir)).toEqual([]);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }),
    );
    // Loading the server's sources takes a while on a busy machine; the refusal itself is immediate.
  }, 120_000);
});
