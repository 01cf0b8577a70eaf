import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksInMail, mailsTo } from '../../test/outbox-mail.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, uniqueEmail } from '../../test/test-app.ts';
import { user } from '../db/schema/auth.ts';

// Nothing a visitor sends with an email address may tell her whether that address has an account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let client = 0;
// Each request from its own address, so that the per-client limit never answers instead.
const post = (url: string, payload: object) =>
  t.request({ method: 'POST', url, payload, remoteAddress: `10.66.${client >> 8}.${client++ & 255}` });

/** Every key of a JSON value, with its path: what a client can read off an answer's shape. */
function shapeOf(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [path];
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'token' ? [`${path}.${key}`] : shapeOf(child, `${path}.${key}`),
  );
}

describe('sign-up with an address that already has an account', () => {
  it('answers with the status and body shape of a new account, without a session, and changes nothing', async () => {
    const owner = await t.signUp();
    const fresh = await post('/api/auth/sign-up/email', {
      email: uniqueEmail('fresh'),
      password: 'moonlight',
      name: 'Luna',
    });
    const taken = await post('/api/auth/sign-up/email', {
      email: owner.email,
      password: 'another-secret',
      name: 'Luna',
    });

    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(shapeOf(taken.json()).sort()).toEqual(shapeOf(fresh.json()).sort());
    expect(taken.json().user).toMatchObject({ email: owner.email, emailVerified: false });
    expect(taken.json().user.id).not.toBe(owner.id);
    expect(taken.json().token).toBeNull();
    expect(String(taken.headers['set-cookie'] ?? '')).not.toMatch(/session_token=/);

    // One account, the owner's password unchanged, her sessions untouched.
    const rows = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    expect(rows).toEqual([{ id: owner.id }]);
    expect((await t.signIn(owner.email, 'another-secret')).statusCode).toBe(401);
    expect((await t.signIn(owner.email, owner.password)).statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/me', cookie: owner.cookie });
    expect(me.json().user.id).toBe(owner.id);
  });

  it('emails the owner of the address, with a sign-in and a reset-password link, and nothing else', async () => {
    const owner = await t.signUp();
    const before = (await mailsTo(t, owner.email)).length;
    const taken = await post('/api/auth/sign-up/email', {
      email: owner.email.toUpperCase(),
      password: 'moonlight',
      name: 'Luna',
    });
    expect(taken.statusCode).toBe(200);

    const mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe('Someone tried to sign up to Lunara with your email');
    const links = await linksInMail(t, owner.email, 'Someone tried');
    expect(links).toEqual([`${TEST_ORIGIN}/auth`, `${TEST_ORIGIN}/auth?mode=forgot`]);
    // The notice carries no token: nothing in it acts on the account.
    expect(mails[0]?.textBody).not.toMatch(/token=|verify-email|reset-password\//);
  });
});

describe('every endpoint that takes an email address', () => {
  const endpoints = [
    { url: '/api/auth/sign-up/email', body: (email: string) => ({ email, password: 'moonlight', name: 'Luna' }) },
    {
      url: '/api/auth/request-password-reset',
      body: (email: string) => ({ email, redirectTo: `${TEST_ORIGIN}/reset-password` }),
    },
    { url: '/api/auth/send-verification-email', body: (email: string) => ({ email, callbackURL: '/dashboard' }) },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.url} answers an existing and a missing address alike`, async () => {
      const member = await t.signUp();
      const existing = await post(endpoint.url, endpoint.body(member.email));
      const missing = await post(endpoint.url, endpoint.body(uniqueEmail('nobody')));
      expect(existing.statusCode, existing.body).toBe(missing.statusCode);
      expect(existing.statusCode).toBeLessThan(400);
      expect(shapeOf(existing.json()).sort()).toEqual(shapeOf(missing.json()).sort());
      if (endpoint.url !== '/api/auth/sign-up/email') expect(existing.json()).toEqual(missing.json());
    });
  }
});

describe('a password-reset request', () => {
  const ask = async (email: string) => {
    const start = performance.now();
    const response = await post('/api/auth/request-password-reset', {
      email,
      redirectTo: `${TEST_ORIGIN}/reset-password`,
    });
    return { response, ms: performance.now() - start };
  };

  it('takes the same fixed time for an existing and a missing address (its floor), and emails only the member', async () => {
    const members = [await t.signUp(), await t.signUp()];
    const ghosts = [uniqueEmail('ghost'), uniqueEmail('ghost')];
    // Interleaved, so that a slower moment of the machine falls on both.
    const existing = [];
    const missing = [];
    for (let i = 0; i < members.length; i++) {
      existing.push(await ask(members[i]?.email ?? ''));
      missing.push(await ask(ghosts[i] ?? ''));
    }
    for (const { response, ms } of [...existing, ...missing]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(existing[0]?.response.json());
      // Whichever path it took, the answer is held to the same floor (the work itself takes a few ms).
      expect(ms).toBeGreaterThanOrEqual(495);
    }
    for (const member of members) expect(await linksInMail(t, member.email, 'Reset your')).toHaveLength(1);
    for (const ghost of ghosts) expect(await mailsTo(t, ghost)).toHaveLength(0);
  });
});
