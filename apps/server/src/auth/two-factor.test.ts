import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { TWO_FACTOR_LOCKOUT, TWO_FACTOR_REQUIRED_MESSAGE } from '@lunara/shared/two-factor';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app.ts';
import { secretOfUri, totpCode, wrongCode } from '../../test/totp.ts';
import { twoFactor, user } from '../db/schema/auth.ts';
import { grantRoleByEmail } from '../modules/roles/service.ts';

/**
 * Two-factor authentication through the API as a member and an attacker use it: turning it on (password,
 * then a code from the app), signing in with a code or a recovery code, the limits on guessing, turning
 * it off, new recovery codes, and staff routes refusing staff without it (STAFF_TWO_FACTOR=required).
 */
let t: TestApp;
let ip = 0;
/** Each sign-in from an address of its own, so the per-client limit is never what a test meets. */
const nextIp = () => {
  ip++;
  return `10.88.${(ip >> 8) & 255}.${ip & 255}`;
};

beforeAll(async () => {
  t = await createTestApp({ staffTwoFactor: 'required' });
});
afterAll(async () => t?.close());

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
}

/** `name=value` of a cookie the response set (not one it expired), or undefined. */
function cookieSet(response: LightMyRequestResponse, name: string): string | undefined {
  const found = setCookies(response).find((cookie) => cookie.startsWith(`${name}=`) && !/max-age=0/i.test(cookie));
  const pair = found?.split(';')[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

const SESSION = 'better-auth.session_token';
const CHALLENGE = 'better-auth.two_factor';
const TRUST = 'better-auth.trust_device';

const post = (path: string, payload: object, cookie?: string) =>
  t.request({ method: 'POST', url: `/api/auth${path}`, payload, cookie, remoteAddress: nextIp() });

const me = async (cookie?: string) =>
  (await t.request({ method: 'GET', url: '/api/me', cookie })).json() as {
    user: { id: string; twoFactorEnabled: boolean } | null;
  };

interface TwoFactorMember extends TestMember {
  secret: string;
  backupCodes: string[];
}

/** A member who turned two-factor on (password, then a code), with her new session cookie. */
async function memberWithTwoFactor(): Promise<TwoFactorMember> {
  const member = await t.signUp();
  const enabled = await post('/two-factor/enable', { password: member.password }, member.cookie);
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const confirmed = await post('/two-factor/verify-totp', { code: totpCode(secret) }, member.cookie);
  expect(confirmed.statusCode).toBe(200);
  const cookie = cookieSet(confirmed, SESSION);
  expect(cookie).toBeDefined();
  return { ...member, cookie: cookie ?? '', secret, backupCodes };
}

/** Email and password right: the answer asks for a code and carries only the short challenge cookie. */
async function passwordStep(member: TestMember, cookie?: string) {
  const response = await post('/sign-in/email', { email: member.email, password: member.password }, cookie);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(cookieSet(response, SESSION)).toBeUndefined();
  const challenge = cookieSet(response, CHALLENGE);
  expect(challenge).toBeDefined();
  return challenge ?? '';
}

describe('turning two-factor on', () => {
  it('needs her password, then a code from the app; until then sign-in asks for no code', async () => {
    const member = await t.signUp();
    const wrong = await post('/two-factor/enable', { password: 'not-her-password' }, member.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_PASSWORD', message: 'That password is not right. Please try again.' },
    });
    const blank = await post('/two-factor/enable', {}, member.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Enter your password');
    const visitor = await post('/two-factor/enable', { password: member.password });
    expect(visitor.statusCode).toBe(401);

    const enabled = await post('/two-factor/enable', { password: member.password }, member.cookie);
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Lunara:/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Not on yet: a code was never confirmed, so losing the QR code now locks nobody out.
    expect((await me(member.cookie)).user?.twoFactorEnabled).toBe(false);
    const signIn = await post('/sign-in/email', { email: member.email, password: member.password });
    expect(cookieSet(signIn, SESSION)).toBeDefined();

    // Stored encrypted: neither the secret nor a recovery code is readable in the row.
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id));
    expect(row?.verified).toBe(false);
    expect(row?.secret).not.toContain(secretOfUri(totpURI));
    for (const code of backupCodes) expect(row?.backupCodes).not.toContain(code);

    const secret = secretOfUri(totpURI);
    const badCode = await post('/two-factor/verify-totp', { code: wrongCode(secret) }, member.cookie);
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().error.code).toBe('INVALID_CODE');
    expect(badCode.json().error.message).toMatch(/That code did not work/);
    const notACode = await post('/two-factor/verify-totp', { code: '12ab56' }, member.cookie);
    expect(notACode.statusCode).toBe(400);
    expect(notACode.json().error.message).toContain('Enter the 6-digit code');
    expect((await me(member.cookie)).user?.twoFactorEnabled).toBe(false);

    // "123 456" as the app shows it counts too.
    const code = totpCode(secret);
    const confirmed = await post(
      '/two-factor/verify-totp',
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      member.cookie,
    );
    expect(confirmed.statusCode).toBe(200);
    const cookie = cookieSet(confirmed, SESSION);
    expect((await me(cookie)).user?.twoFactorEnabled).toBe(true);
    const [stored] = await t.database.db.select().from(user).where(eq(user.id, member.id));
    expect(stored?.twoFactorEnabled).toBe(true);

    const again = await post('/two-factor/enable', { password: member.password }, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Two-factor authentication is already on.');
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code after the password; a wrong code gives no session, the right one does', async () => {
    const member = await memberWithTwoFactor();
    const challenge = await passwordStep(member);
    expect((await me(challenge)).user).toBeNull();

    const wrong = await post('/two-factor/verify-totp', { code: wrongCode(member.secret) }, challenge);
    expect(wrong.statusCode).toBe(401);
    expect(cookieSet(wrong, SESSION)).toBeUndefined();
    const noChallenge = await post('/two-factor/verify-totp', { code: totpCode(member.secret) });
    expect(noChallenge.statusCode).toBe(401);
    expect(noChallenge.json().error.message).toBe(
      'Your sign-in timed out. Please enter your email and password again.',
    );

    const right = await post('/two-factor/verify-totp', { code: totpCode(member.secret) }, challenge);
    expect(right.statusCode).toBe(200);
    const session = cookieSet(right, SESSION);
    expect((await me(session)).user?.id).toBe(member.id);
    // The challenge is spent: it makes no second session.
    const replay = await post('/two-factor/verify-totp', { code: totpCode(member.secret) }, challenge);
    expect(replay.statusCode).toBe(401);
  });

  it('takes a recovery code once, typed with or without its dash', async () => {
    const member = await memberWithTwoFactor();
    const [first, second] = member.backupCodes as [string, string];
    const used = await post('/two-factor/verify-backup-code', { code: first }, await passwordStep(member));
    expect(used.statusCode).toBe(200);
    expect((await me(cookieSet(used, SESSION))).user?.id).toBe(member.id);

    const reused = await post('/two-factor/verify-backup-code', { code: first }, await passwordStep(member));
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe('That recovery code did not work. Each code works only once.');
    expect(cookieSet(reused, SESSION)).toBeUndefined();

    const undashed = await post(
      '/two-factor/verify-backup-code',
      { code: ` ${second.replace('-', '')} ` },
      await passwordStep(member),
    );
    expect(undashed.statusCode).toBe(200);
    const notACode = await post('/two-factor/verify-backup-code', { code: 'x' }, await passwordStep(member));
    expect(notACode.statusCode).toBe(400);
    expect(notACode.json().error.message).toBe('That is not a recovery code');
  });

  it('trusts this browser for 30 days when she asks, and no other', async () => {
    const member = await memberWithTwoFactor();
    const verified = await post(
      '/two-factor/verify-totp',
      { code: totpCode(member.secret), trustDevice: true },
      await passwordStep(member),
    );
    const trust = cookieSet(verified, TRUST);
    expect(trust).toBeDefined();
    expect(setCookies(verified).find((cookie) => cookie.startsWith(`${TRUST}=`))).toMatch(/Max-Age=2592000/);
    const trusted = await post('/sign-in/email', { email: member.email, password: member.password }, trust);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await me(cookieSet(trusted, SESSION))).user?.id).toBe(member.id);
    // Another browser (no trust cookie) still needs the code.
    await passwordStep(member);
  });

  it('ends a sign-in attempt after 5 wrong codes, even when the 6th is right', async () => {
    const member = await memberWithTwoFactor();
    const challenge = await passwordStep(member);
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/two-factor/verify-totp', { code: wrongCode(member.secret) }, challenge);
      expect(wrong.statusCode).toBe(401);
    }
    const right = await post('/two-factor/verify-totp', { code: totpCode(member.secret) }, challenge);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe('Too many tries. Please enter your email and password again.');
    expect(cookieSet(right, SESSION)).toBeUndefined();
    // A new attempt (password again) works.
    const fresh = await post('/two-factor/verify-totp', { code: totpCode(member.secret) }, await passwordStep(member));
    expect(fresh.statusCode).toBe(200);
  });

  it(`locks the account's codes after ${TWO_FACTOR_LOCKOUT.maxFailures} wrong ones in a row, whatever the sign-in attempt`, async () => {
    const member = await memberWithTwoFactor();
    let challenge = '';
    for (let i = 0; i < TWO_FACTOR_LOCKOUT.maxFailures; i++) {
      if (i % 4 === 0) challenge = await passwordStep(member);
      const wrong = await post('/two-factor/verify-totp', { code: wrongCode(member.secret) }, challenge);
      expect(wrong.statusCode).toBe(401);
    }
    const right = await post('/two-factor/verify-totp', { code: totpCode(member.secret) }, await passwordStep(member));
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toMatch(/Too many wrong codes for this account/);
    const recovery = await post(
      '/two-factor/verify-backup-code',
      { code: member.backupCodes[0] },
      await passwordStep(member),
    );
    expect(recovery.statusCode).toBe(429);
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id));
    const lockedFor = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockedFor).toBeGreaterThan((TWO_FACTOR_LOCKOUT.lockMinutes - 1) * 60_000);
    // Her session elsewhere is untouched.
    expect((await me(member.cookie)).user?.id).toBe(member.id);
  });
});

describe('managing two-factor', () => {
  it('turns off with her password only; then sign-in asks for no code', async () => {
    const member = await memberWithTwoFactor();
    const wrong = await post('/two-factor/disable', { password: 'not-her-password' }, member.cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await me(member.cookie)).user?.twoFactorEnabled).toBe(true);
    const visitor = await post('/two-factor/disable', { password: member.password });
    expect(visitor.statusCode).toBe(401);

    const off = await post('/two-factor/disable', { password: member.password }, member.cookie);
    expect(off.statusCode).toBe(200);
    expect((await me(cookieSet(off, SESSION))).user?.twoFactorEnabled).toBe(false);
    const rows = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id));
    expect(rows).toHaveLength(0);
    const signIn = await post('/sign-in/email', { email: member.email, password: member.password });
    expect(cookieSet(signIn, SESSION)).toBeDefined();
  });

  it('makes new recovery codes with her password; the old ones stop working', async () => {
    const member = await memberWithTwoFactor();
    const wrong = await post('/two-factor/generate-backup-codes', { password: 'not-her-password' }, member.cookie);
    expect(wrong.statusCode).toBe(400);
    const fresh = await post('/two-factor/generate-backup-codes', { password: member.password }, member.cookie);
    expect(fresh.statusCode).toBe(200);
    const { backupCodes } = fresh.json() as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(member.backupCodes[0]);
    const old = await post(
      '/two-factor/verify-backup-code',
      { code: member.backupCodes[0] },
      await passwordStep(member),
    );
    expect(old.statusCode).toBe(401);
    const used = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, await passwordStep(member));
    expect(used.statusCode).toBe(200);

    const without = await t.signUp();
    const notOn = await post('/two-factor/generate-backup-codes', { password: without.password }, without.cookie);
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json().error.message).toBe('Turn on two-factor authentication first.');
  });

  it('limits password-checked changes per member', async () => {
    const member = await t.signUp();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await post('/two-factor/enable', { password: 'wrong-password' }, member.cookie)).statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('staff need two-factor (STAFF_TWO_FACTOR=required)', () => {
  const required = { code: 'TWO_FACTOR_REQUIRED', message: TWO_FACTOR_REQUIRED_MESSAGE };

  it('refuses staff routes to an admin or moderator without it, and answers once she turns it on', async () => {
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    const refused = await t.api(admin, 'GET', '/api/admin/stats');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: required });
    // Member routes staff also use still answer.
    expect((await t.api(admin, 'GET', '/api/me')).json().user.role).toBe('admin');
    expect((await t.api(admin, 'GET', '/api/config')).json().staffTwoFactorRequired).toBe(true);

    const moderator = await t.signUp();
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
    const pin = await t.api(moderator, 'PUT', `/api/posts/${randomUUID()}/pin`, { isPinned: true });
    expect(pin.statusCode).toBe(403);
    expect(pin.json()).toEqual({ error: required });

    // A member is refused for her role, not told about two-factor.
    const member = await t.signUp();
    const notStaff = await t.api(member, 'GET', '/api/admin/stats');
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.json().error.code).toBe('FORBIDDEN');

    for (const staff of [admin, moderator]) {
      const enabled = await post('/two-factor/enable', { password: staff.password }, staff.cookie);
      const confirmed = await post(
        '/two-factor/verify-totp',
        { code: totpCode(secretOfUri(enabled.json().totpURI)) },
        staff.cookie,
      );
      staff.cookie = cookieSet(confirmed, SESSION) ?? '';
    }
    expect((await t.api(admin, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    // Past the guard: the post does not exist.
    expect((await t.api(moderator, 'PUT', `/api/posts/${randomUUID()}/pin`, { isPinned: true })).statusCode).toBe(404);

    // Turning it off takes staff tools away again at once.
    const off = await post('/two-factor/disable', { password: admin.password }, admin.cookie);
    admin.cookie = cookieSet(off, SESSION) ?? '';
    expect((await t.api(admin, 'GET', '/api/admin/stats')).json()).toEqual({ error: required });
  });

  it("gives a moderator without it no power over others' content in member routes", async () => {
    const author = await t.signUpSubscriber();
    const created = await t.api(author, 'POST', '/api/posts', { title: 'Full moon', content: 'Mine to keep' });
    expect(created.statusCode).toBe(200);
    const postId = created.json().id as string;
    const moderator = await t.signUp();
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');

    const refused = await t.api(moderator, 'DELETE', `/api/posts/${postId}`);
    expect(refused.statusCode).toBe(403);
    expect((await t.api(author, 'GET', `/api/posts/${postId}`)).statusCode).toBe(200);

    const enabled = await post('/two-factor/enable', { password: moderator.password }, moderator.cookie);
    const confirmed = await post(
      '/two-factor/verify-totp',
      { code: totpCode(secretOfUri(enabled.json().totpURI)) },
      moderator.cookie,
    );
    moderator.cookie = cookieSet(confirmed, SESSION) ?? '';
    expect((await t.api(moderator, 'DELETE', `/api/posts/${postId}`)).statusCode).toBe(200);
    expect((await t.api(author, 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
  });

  it('lets staff through without it when STAFF_TWO_FACTOR=optional', async () => {
    const optional = await createTestApp({ staffTwoFactor: 'optional' });
    try {
      const admin = await optional.signUp();
      await grantRoleByEmail(optional.database.db, admin.email, 'admin');
      expect((await optional.api(admin, 'GET', '/api/admin/stats')).statusCode).toBe(200);
      expect((await optional.api(admin, 'GET', '/api/config')).json().staffTwoFactorRequired).toBe(false);
    } finally {
      await optional.close();
    }
  });
});

describe('who may call the two-factor endpoints', () => {
  // better-auth's routes are not in the OpenAPI document (so not in authorization-matrix.test.ts): here.
  it('refuses visitors everything but a code with a sign-in challenge, and staff need no special rights', async () => {
    const member = await t.signUp();
    const codes: Array<[string, object]> = [
      ['/two-factor/enable', { password: member.password }],
      ['/two-factor/generate-backup-codes', { password: member.password }],
      ['/two-factor/disable', { password: member.password }],
      ['/two-factor/verify-totp', { code: '123456' }],
      ['/two-factor/verify-backup-code', { code: 'abcde-12345' }],
      // Not offered: the URI comes once, with enable; nothing else of the plugin is reachable.
      ['/two-factor/get-totp-uri', { password: member.password }],
      ['/two-factor/send-otp', {}],
      ['/two-factor/verify-otp', { code: '123456' }],
      ['/two-factor/view-backup-codes', { userId: member.id }],
    ];
    const answers = [];
    for (const [path, payload] of codes) answers.push([path, (await post(path, payload)).statusCode]);
    expect(answers).toEqual([
      ['/two-factor/enable', 401],
      ['/two-factor/generate-backup-codes', 401],
      ['/two-factor/disable', 401],
      ['/two-factor/verify-totp', 401],
      ['/two-factor/verify-backup-code', 401],
      ['/two-factor/get-totp-uri', 404],
      ['/two-factor/send-otp', 404],
      ['/two-factor/verify-otp', 404],
      ['/two-factor/view-backup-codes', 404],
    ]);
    // A signed-in member acts on her own account only: nothing in the body names another.
    const other = await memberWithTwoFactor();
    await post('/two-factor/disable', { password: member.password, userId: other.id }, member.cookie);
    await post('/two-factor/generate-backup-codes', { password: member.password, userId: other.id }, member.cookie);
    expect((await me(other.cookie)).user?.twoFactorEnabled).toBe(true);
    const signIn = await post(
      '/two-factor/verify-backup-code',
      { code: other.backupCodes[0] },
      await passwordStep(other),
    );
    expect(signIn.statusCode).toBe(200);
  });
});

describe('hostile input to the two-factor endpoints', () => {
  const rowsOf = async (id: string) => ({
    user: await t.database.db.select().from(user).where(eq(user.id, id)),
    twoFactor: await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, id)),
  });

  it('refuses malformed bodies with a clear 400 and changes nothing', async () => {
    const member = await memberWithTwoFactor();
    const huge = 'x'.repeat(100_000);
    const cases: Array<[string, unknown]> = [
      ['/two-factor/generate-backup-codes', { password: 12345678 }],
      ['/two-factor/disable', { password: huge }],
      ['/two-factor/disable', { password: ['moonlight'] }],
      ['/two-factor/verify-totp', { code: 123456 }],
      ['/two-factor/verify-totp', { code: '1234567' }],
      ['/two-factor/verify-totp', { code: "' or '1'='1" }],
      ['/two-factor/verify-totp', { code: '12345\u0000' }],
      ['/two-factor/verify-totp', { code: '１２３４５６' }],
      ['/two-factor/verify-totp', { code: totpCode(member.secret), trustDevice: 'yes' }],
      ['/two-factor/verify-backup-code', { code: '<script>alert(1)</script>' }],
      ['/two-factor/verify-backup-code', { code: huge }],
      ['/two-factor/verify-backup-code', { code: member.backupCodes[0], disableSession: 'x', trustDevice: 1 }],
    ];
    const before = await rowsOf(member.id);
    const failures: string[] = [];
    for (const [path, payload] of cases) {
      const response = await t.request({
        method: 'POST',
        url: `/api/auth${path}`,
        cookie: member.cookie,
        payload: payload as object,
        remoteAddress: nextIp(),
      });
      const error = response.json().error as { code?: unknown; message?: unknown } | undefined;
      if (response.statusCode !== 400 || typeof error?.message !== 'string' || error.message.length > 200) {
        failures.push(
          `${path} ${JSON.stringify(payload).slice(0, 60)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(await rowsOf(member.id)).toEqual(before);
  });

  it('drops fields it does not take: no other issuer, no email codes', async () => {
    const member = await t.signUp();
    const enabled = await post(
      '/two-factor/enable',
      { password: member.password, issuer: '<b>Evil</b>', method: 'otp' },
      member.cookie,
    );
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().totpURI).toMatch(/^otpauth:\/\/totp\/Lunara:.*issuer=Lunara/);
    expect((await me(member.cookie)).user?.twoFactorEnabled).toBe(false);
  });
});

describe('logs', () => {
  it('never hold a secret, a recovery code or a password, whatever succeeds or fails', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ staffTwoFactor: 'required' }, { logger: { level: 'trace', stream } });
    try {
      const password = 'a-very-private-passphrase';
      const member = await logged.signUp(undefined, password);
      const send = (path: string, payload: object, cookie?: string) =>
        logged.request({ method: 'POST', url: `/api/auth${path}`, payload, cookie });
      await send('/two-factor/enable', { password: 'wrong-passphrase-42' }, member.cookie);
      const enabled = (await send('/two-factor/enable', { password }, member.cookie)).json();
      const secret = secretOfUri(enabled.totpURI);
      await send('/two-factor/verify-totp', { code: wrongCode(secret) }, member.cookie);
      const confirmed = await send('/two-factor/verify-totp', { code: totpCode(secret) }, member.cookie);
      const cookie = cookieSet(confirmed, SESSION);
      const fresh = (await send('/two-factor/generate-backup-codes', { password }, cookie)).json();
      const signIn = await send('/sign-in/email', { email: member.email, password });
      const challenge = cookieSet(signIn, CHALLENGE);
      await send('/two-factor/verify-backup-code', { code: enabled.backupCodes[0] }, challenge);
      await send('/two-factor/verify-backup-code', { code: fresh.backupCodes[0] }, challenge);
      await send('/two-factor/disable', { password }, cookie);

      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(10);
      const secrets = [
        password,
        'wrong-passphrase-42',
        secret,
        enabled.totpURI,
        ...enabled.backupCodes,
        ...fresh.backupCodes,
        (challenge ?? '').split('=')[1] ?? 'no challenge',
      ];
      expect(secrets.filter((value) => text.includes(value))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});
