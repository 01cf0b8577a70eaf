import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp, uniqueEmail } from '../../test/test-app.ts';
import { session } from '../db/schema/auth.ts';
import { outbox } from '../db/schema/operations.ts';
import { AUTH_ENDPOINTS, EMAILS_PER_ADDRESS_PER_HOUR, SIGN_IN_FAILURES_PER_ACCOUNT } from './auth-endpoints.ts';

/**
 * The auth surface as an attacker sees it: which paths reach better-auth (the listed endpoints under
 * their canonical path, nothing else, however the path is spelled), and which limits hold.
 */
const PER_CLIENT_LIMIT = 2;
let t: TestApp;
/** Paths better-auth was asked to handle, in order. */
const forwarded: string[] = [];
let ip = 0;
const nextIp = () => {
  ip++;
  return `10.77.${(ip >> 8) & 255}.${ip & 255}`;
};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: PER_CLIENT_LIMIT });
  const handler = t.app.auth.handler;
  t.app.auth.handler = (request: Request) => {
    forwarded.push(new URL(request.url).pathname);
    return handler(request);
  };
});
afterAll(async () => t?.close());

const canonical = AUTH_ENDPOINTS.map((endpoint) => `/api/auth${endpoint.path.replace(':token', 'sometoken')}`);

/** Spellings of one path that a URL parser or a lenient router could turn back into it. */
function variantsOf(path: string): string[] {
  const rest = path.slice('/api/auth/'.length);
  const segments = rest.split('/');
  const last = segments.at(-1) ?? '';
  const head = segments.slice(0, -1).join('/');
  const before = head ? `/api/auth/${head}/` : '/api/auth/';
  return [
    `/api/auth/./${rest}`,
    `${before}./${last}`,
    `/api/auth//${rest}`,
    `${before}/${last}`,
    `/api/auth/%2e/${rest}`,
    `/api/auth/%2E/${rest}`,
    `/api/auth/x/../${rest}`,
    `/api/auth/x/%2e%2e/${rest}`,
    `/api/auth/x/%2E%2E/${rest}`,
    `/api/auth/x/.%2e/${rest}`,
    `${before}%2e/${last}`,
    `/api//auth/${rest}`,
    `/api/./auth/${rest}`,
    `${path}/`,
    `${path}//`,
    `${path}/.`,
    path.toUpperCase(),
    `${before}${last.toUpperCase()}`,
    `${before}${last.charAt(0).toUpperCase()}${last.slice(1)}`,
    `${path}%2f`,
    `${before}${encodeURIComponent(last).replace(/-/g, '%2d')}`,
  ].filter((variant) => variant !== path);
}

describe('paths under /api/auth', () => {
  it('reach better-auth only for the endpoints the app serves, under their canonical path', async () => {
    const served = new Set(AUTH_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const unserved = Object.values(t.app.auth.api as Record<string, { path?: string }>)
      .map((endpoint) => endpoint.path)
      .filter((path): path is string => typeof path === 'string')
      .filter((path) => !served.has(`GET ${path}`) && !served.has(`POST ${path}`));
    // better-auth's own endpoints that nothing here uses: a password oracle, account changes, and so on.
    expect(unserved).toEqual(
      expect.arrayContaining(['/verify-password', '/update-user', '/ok', '/delete-user', '/error']),
    );
    for (const path of unserved) {
      for (const method of ['GET', 'POST'] as const) {
        forwarded.length = 0;
        const response = await t.request({ method, url: `/api/auth${path.replace(/:\w+/g, 'x')}`, payload: {} });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
        expect(forwarded, `${method} ${path}`).toEqual([]);
      }
    }
  });

  it('are never forwarded under another spelling of a served path (dot segments, slashes, case, encoding)', async () => {
    for (const [index, endpoint] of AUTH_ENDPOINTS.entries()) {
      const path = canonical[index] ?? '';
      for (const variant of variantsOf(path)) {
        forwarded.length = 0;
        const response = await t.request({
          method: endpoint.method,
          url: variant,
          remoteAddress: nextIp(),
          // An empty body: a route that matched refuses it before better-auth (no password hashing per variant).
          payload: endpoint.method === 'POST' ? {} : undefined,
        });
        // Either nothing answers that spelling, or Fastify matched it to the route itself, in which case
        // better-auth got the canonical path (and the route's limits and schema applied).
        if (forwarded.length === 0) {
          expect(response.statusCode, variant).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, variant).toBeLessThan(500);
        } else {
          // (A path parameter is the client's to spell: only the rest of the path must be canonical.)
          const pattern = new RegExp(`^/api/auth${endpoint.path.replace(/:\w+/g, '[^/.]+')}$`);
          expect(forwarded.length, variant).toBe(1);
          expect(forwarded[0], variant).toMatch(pattern);
        }
      }
    }
  }, 120_000);

  it('keep their per-client limit whatever the spelling', async () => {
    const limited = AUTH_ENDPOINTS.filter((endpoint) => endpoint.limitPerClient);
    for (const endpoint of limited) {
      const client = nextIp();
      const path = `/api/auth${endpoint.path}`;
      const payload = { email: uniqueEmail(), password: 'moonlight', newPassword: 'moonlight', token: 'x' };
      const send = (url: string) =>
        t.request({ method: 'POST', url, remoteAddress: client, payload: { ...payload, currentPassword: 'x' } });
      for (let i = 0; i < PER_CLIENT_LIMIT; i++) expect((await send(path)).statusCode).not.toBe(429);
      for (const variant of variantsOf(path)) {
        forwarded.length = 0;
        const response = await send(variant);
        expect(forwarded, variant).toEqual([]);
        expect([404, 429], variant).toContain(response.statusCode);
      }
      expect((await send(path)).statusCode, path).toBe(429);
    }
  });
});

describe('limits', () => {
  it('allow every endpoint that checks a secret or sends an email a few attempts per client', async () => {
    const posts = AUTH_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST' && endpoint.path !== '/sign-out');
    for (const endpoint of posts) {
      expect(endpoint.limitPerClient || endpoint.limitPerMember, endpoint.path).toBeTruthy();
    }
  });

  it('send at most a few emails to one address per hour, however many clients ask', async () => {
    const emailing = AUTH_ENDPOINTS.filter((endpoint) => endpoint.emailsAddress);
    expect(emailing.map((endpoint) => endpoint.path).sort()).toEqual(
      ['/request-password-reset', '/send-verification-email', '/sign-up/email'].sort(),
    );
    const member = await t.signUp();
    for (const endpoint of emailing) {
      const addresses = [member.email, uniqueEmail('absent')];
      for (const address of addresses) {
        const statuses: number[] = [];
        for (let i = 0; i < EMAILS_PER_ADDRESS_PER_HOUR + 2; i++) {
          const response = await t.request({
            method: 'POST',
            url: `/api/auth${endpoint.path}`,
            remoteAddress: nextIp(),
            // The address as typed differently each time is still one address.
            payload: { email: i % 2 ? address.toUpperCase() : ` ${address}`, password: 'moonlight', name: 'Luna' },
          });
          statuses.push(response.statusCode);
          if (response.statusCode === 429) {
            expect(response.json().error).toEqual({
              code: 'RATE_LIMITED',
              message: expect.stringMatching(/^Too many emails to this address\. Please wait \d+ minutes? and try/),
            });
          }
        }
        // The member's own sign-up was the first email to her address.
        const allowed =
          EMAILS_PER_ADDRESS_PER_HOUR - (endpoint.path === '/sign-up/email' && address === member.email ? 1 : 0);
        expect(statuses.slice(0, allowed), `${endpoint.path} ${address}`).not.toContain(429);
        expect(statuses.slice(allowed), `${endpoint.path} ${address}`).toEqual(statuses.slice(allowed).map(() => 429));
      }
    }
    // However the requests were answered, the member's inbox got at most the limit from each endpoint.
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, member.email));
    expect(mails.length).toBeLessThanOrEqual(1 + emailing.length * EMAILS_PER_ADDRESS_PER_HOUR);
  });

  it("stop many clients together from guessing one account's password", async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    const signIn = (email: string, password: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: nextIp(),
        payload: { email, password },
      });
    // A right password clears what went wrong before.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT.max - 1; i++) {
      expect((await signIn(member.email, `guess-${i}`)).statusCode).toBe(401);
    }
    expect((await signIn(member.email, member.password)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT.max; i++) {
      expect((await signIn(member.email.toUpperCase(), `guess-${i}`)).statusCode).toBe(401);
    }
    const locked = await signIn(member.email, member.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/^Too many failed sign-ins to this account\. Please wait 15 minutes/);
    // Another account is not affected; an address without an account is counted alike (no hint either way).
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
    const absent = uniqueEmail('absent');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT.max; i++) await signIn(absent, 'whatever');
    expect((await signIn(absent, 'whatever')).statusCode).toBe(429);
  });

  it('sign a member out with or without a body', async () => {
    const member = await t.signUp();
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: member.cookie });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', cookie: member.cookie })).json().user).toBeNull();
  });

  it('stop a stolen session from guessing the current password, from any number of clients', async () => {
    const member = await t.signUp();
    const change = (currentPassword: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: nextIp(),
        cookie: member.cookie,
        payload: { currentPassword, newPassword: 'new-moonlight' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await change(`guess-${i}`)).statusCode);
    expect(statuses.every((status) => status === 400 || status === 401)).toBe(true);
    const limited = await change(member.password);
    expect(limited.statusCode).toBe(429);
    // The password did not change.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: nextIp(),
          payload: { email: member.email, password: member.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('let a member change her password with the current one, ending her other sessions when asked', async () => {
    const member = await t.signUp();
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      payload: { email: member.email, password: member.password },
    });
    const otherCookie = String(other.headers['set-cookie']).split(';')[0] ?? '';
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      remoteAddress: nextIp(),
      cookie: member.cookie,
      payload: { currentPassword: member.password, newPassword: 'new-moonlight', revokeOtherSessions: true },
    });
    expect(changed.statusCode).toBe(200);
    const me = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/me', cookie })).json().user;
    expect(await me(otherCookie)).toBeNull();
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      remoteAddress: nextIp(),
      cookie: member.cookie,
      payload: { currentPassword: 'x', newPassword: 'short' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/at least 6 characters/);
  });
});

describe('return addresses', () => {
  it('never send a browser to another site, in the body or the query of any auth endpoint', async () => {
    const member = await t.signUp();
    const elsewhere = [
      'https://evil.example/x',
      'http://evil.example',
      '//evil.example',
      '/\\evil.example',
      'https://localhost.evil.example',
      'javascript:alert(1)',
    ];
    for (const endpoint of AUTH_ENDPOINTS) {
      for (const field of ['callbackURL', 'redirectTo']) {
        for (const address of elsewhere) {
          const path = `/api/auth${endpoint.path.replace(':token', 'sometoken')}`;
          const response =
            endpoint.method === 'GET'
              ? await t.request({ method: 'GET', url: `${path}?${field}=${encodeURIComponent(address)}` })
              : await t.request({
                  method: 'POST',
                  url: path,
                  remoteAddress: nextIp(),
                  cookie: member.cookie,
                  payload: { email: member.email, password: member.password, [field]: address },
                });
          const where = `${endpoint.method} ${path} ${field}=${address}`;
          expect(String(response.headers.location ?? ''), where).not.toMatch(/evil|javascript/);
          expect(response.body, where).not.toMatch(/evil\.example|javascript:/);
        }
      }
    }
    // This site's own pages and origin are fine.
    const own = await t.request({
      method: 'GET',
      url: `/api/auth/reset-password/sometoken?callbackURL=${encodeURIComponent(`${TEST_ORIGIN}/reset-password`)}`,
    });
    expect(String(own.headers.location)).toMatch(/^http:\/\/localhost:3000\/reset-password\?error=INVALID_TOKEN/);
  }, 120_000);
});

describe('sessions', () => {
  it('record the address the connection came from, not a forwarding header the client wrote', async () => {
    const member = await t.signUp();
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.88.0.7',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
      payload: { email: member.email, password: member.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const rows = await t.database.db.select().from(session).where(eq(session.userId, member.id));
    expect(rows.map((row) => row.ipAddress)).toContain('10.88.0.7');
    expect(rows.map((row) => row.ipAddress)).not.toContain('203.0.113.9');
  });
});

describe('the session cache', () => {
  it('is never emptied by what a visitor sends, and a sign-out forgets only that member', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const readSession = t.app.readSession;
    let loads = 0;
    t.app.readSession = (...args) => {
      loads++;
      return readSession(...args);
    };
    try {
      const read = async (cookie: string) =>
        expect((await t.request({ method: 'GET', url: '/api/posts', cookie })).statusCode).toBe(200);
      await read(ana.cookie);
      await read(bea.cookie);
      // Each loaded once (the count sees loads), then kept.
      expect(loads).toBe(2);
      loads = 0;
      const visitor = [
        { method: 'GET', url: '/api/auth/ok' },
        { method: 'GET', url: '/api/auth/get-session' },
        { method: 'GET', url: '/api/auth/error' },
        { method: 'GET', url: '/api/auth/verify-email?token=forged' },
        { method: 'GET', url: '/api/auth/reset-password/forged?callbackURL=/reset-password' },
        { method: 'POST', url: '/api/auth/sign-out', payload: {} },
        { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'forged', newPassword: 'moonlight' } },
        { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: ana.email, password: 'wrong-one' } },
        { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: ana.email } },
        { method: 'POST', url: '/api/auth/revoke-sessions', payload: {} },
      ] as const;
      for (const request of visitor) await t.request({ ...request, remoteAddress: nextIp() });
      await read(ana.cookie);
      await read(bea.cookie);
      expect(loads).toBe(0);

      await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: bea.cookie, payload: {} });
      await read(ana.cookie);
      expect(loads).toBe(0);
      expect((await t.request({ method: 'GET', url: '/api/posts', cookie: bea.cookie })).statusCode).toBe(401);
    } finally {
      t.app.readSession = readSession;
    }
  });
});

describe('two session cookies in one request', () => {
  const PLAIN = 'better-auth.session_token';
  const SECURE = '__Secure-better-auth.session_token';

  /** Each arrangement of the victim's real cookie and a value the attacker chose, by name and order. */
  function arrangements(victim: string, attacker: string) {
    return [
      [`${SECURE}=${attacker}`, `${PLAIN}=${victim}`],
      [`${PLAIN}=${victim}`, `${SECURE}=${attacker}`],
      [`${PLAIN}=${attacker}`, `${PLAIN}=${victim}`],
      [`${PLAIN}=${victim}`, `${PLAIN}=${attacker}`],
      [`${SECURE}=${victim}`, `${PLAIN}=${attacker}`],
      [`${PLAIN}=${attacker}`, `${SECURE}=${victim}`],
      [`${SECURE}=${attacker}`, `${SECURE}=${victim}`],
    ].map((pair) => pair.join('; '));
  }

  async function expectNeverServedAsVictim(app: TestApp, victimValue: string, origin: string) {
    const attackerValues = ['attacker-chosen.value', `${victimValue.split('.')[0]}.forged-signature`];
    for (const attacker of attackerValues) {
      for (const combined of arrangements(victimValue, attacker)) {
        // The combined request may be answered as whoever better-auth verified; what matters is after.
        await app.request({ method: 'GET', url: '/api/me', cookie: combined, headers: { origin } });
        for (const alone of [`${PLAIN}=${attacker}`, `${SECURE}=${attacker}`]) {
          const me = await app.request({ method: 'GET', url: '/api/me', cookie: alone, headers: { origin } });
          expect(me.json().user, `${combined} then ${alone}`).toBeNull();
          const messages = await app.request({ method: 'GET', url: '/api/conversations', cookie: alone });
          expect(messages.statusCode, `${combined} then ${alone}`).toBe(401);
        }
      }
    }
  }

  it('never file the member under the cookie better-auth did not verify (http origin)', async () => {
    const victim = await t.signUpSubscriber();
    const value = victim.cookie.slice(`${PLAIN}=`.length);
    await expectNeverServedAsVictim(t, value, TEST_ORIGIN);
  });

  it('nor behind https, where the __Secure- name is the real one', async () => {
    const origin = 'https://lunara.example';
    const secure = await createTestApp({ appUrl: origin, trustedOrigins: [origin] });
    try {
      const email = uniqueEmail('secure');
      const signedUp = await secure.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin },
        payload: { email, password: 'moonlight', name: 'Luna' },
      });
      expect(signedUp.statusCode).toBe(200);
      const setCookie = String(signedUp.headers['set-cookie']);
      const value = new RegExp(`${SECURE.replace(/[.-]/g, '\\$&')}=([^;]+)`).exec(setCookie)?.[1] ?? '';
      expect(value).not.toBe('');
      const me = await secure.request({ method: 'GET', url: '/api/me', cookie: `${SECURE}=${value}` });
      expect(me.json().user.email).toBe(email.toLowerCase());
      await expectNeverServedAsVictim(secure, value, origin);
    } finally {
      await secure.close();
    }
  });
});
