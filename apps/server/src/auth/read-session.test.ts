import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app.ts';
import { session } from '../db/schema/auth.ts';
import { verifiedSessionToken } from './read-session.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-lifetime.ts';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = (await t.app.auth.$context).secret;
});
afterAll(async () => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const cookieValue = (member: TestMember) => member.cookie.slice(member.cookie.indexOf('=') + 1);
const tokenOf = (member: TestMember) => decodeURIComponent(cookieValue(member)).split('.')[0] ?? '';
const sign = (token: string, key: string) => createHmac('sha256', key).update(token).digest('base64');
const asCookie = (value: string) => `better-auth.session_token=${value}`;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The other three spellings of a signature: its 43rd character with its two unused low bits changed. */
const otherSpellings = (signature: string) => {
  const last = BASE64.indexOf(signature[42] ?? '');
  return [1, 2, 3].map((bits) => `${signature.slice(0, 42)}${BASE64[last ^ bits]}=`);
};

/** Counts the requests better-auth's getSession answers while `run` runs. */
async function countAuthReads(run: () => Promise<void>): Promise<number> {
  const getSession = t.app.auth.api.getSession;
  let calls = 0;
  t.app.auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
    calls++;
    return getSession(...args);
  }) as typeof getSession;
  try {
    await run();
  } finally {
    t.app.auth.api.getSession = getSession;
  }
  return calls;
}

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/me', cookie });
const setExpiry = (member: TestMember, expiresAt: Date) =>
  t.database.db
    .update(session)
    .set({ expiresAt })
    .where(eq(session.token, tokenOf(member)));

describe('reading a session cookie', () => {
  it('checks the signature as better-call does: the base64 HMAC of the token, read as atob reads it', async () => {
    const member = await t.signUp();
    const token = tokenOf(member);
    expect(verifiedSessionToken(cookieValue(member), secret)).toBe(token);
    // As the browser sends it (percent-encoded) and decoded: better-call reads both.
    expect(verifiedSessionToken(`${token}.${sign(token, secret)}`, secret)).toBe(token);
    expect(verifiedSessionToken(`${token}.${sign(token, 'another-secret-of-thirty-two-chars')}`, secret)).toBeNull();
    expect(verifiedSessionToken(`${token}x.${sign(token, secret)}`, secret)).toBeNull();
    expect(verifiedSessionToken(token, secret)).toBeNull();
    expect(verifiedSessionToken(`.${sign('', secret)}`, secret)).toBeNull();
    // The last character's two unused bits: atob, and so better-call, reads four spellings as one.
    for (const spelling of otherSpellings(sign(token, secret))) {
      expect(verifiedSessionToken(`${token}.${spelling}`, secret)).toBe(token);
    }
    // What atob refuses is refused: a character outside base64, base64url's, two '=' where one belongs.
    const signature = sign(token, secret);
    expect(verifiedSessionToken(`${token}.${signature.slice(0, 42)}!=`, secret)).toBeNull();
    expect(verifiedSessionToken(`${token}.${signature.replaceAll('+', '-').replaceAll('/', '_')}`, secret)).toBe(
      /[+/]/.test(signature) ? null : token,
    );
    expect(verifiedSessionToken(`${token}.${signature.slice(0, 42)}==`, secret)).toBeNull();
    // Read as better-call's parser reads it: quotes dropped, percent-decoded where it decodes.
    expect(verifiedSessionToken(`"${cookieValue(member)}"`, secret)).toBe(token);
    expect(verifiedSessionToken(`%${token.charCodeAt(0).toString(16)}${cookieValue(member).slice(1)}`, secret)).toBe(
      token,
    );
    expect(verifiedSessionToken(`${token}.%E0%A4%A`, secret)).toBeNull();
  });

  it('answers a live session in one read of its own, as better-auth would have', async () => {
    const member = await t.signUp();
    let body: { user?: { id: string; email: string } } = {};
    const authReads = await countAuthReads(async () => {
      body = (await me(member.cookie)).json();
    });
    expect(authReads).toBe(0);
    expect(body.user).toMatchObject({ id: member.id, email: member.email.toLowerCase() });
    // The same session and member better-auth answers for the cookie.
    const answer = await t.app.auth.api.getSession({ headers: new Headers({ cookie: member.cookie }) });
    const [row] = await t.database.db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(member)));
    expect(answer?.session.id).toBe(row?.id);
    expect(answer?.user.id).toBe(member.id);
  });

  it('answers every spelling of her signature that better-auth takes, as better-auth does', async () => {
    const member = await t.signUp();
    const token = tokenOf(member);
    for (const spelling of otherSpellings(sign(token, secret))) {
      const cookie = asCookie(encodeURIComponent(`${token}.${spelling}`));
      const answer = await t.app.auth.api.getSession({ headers: new Headers({ cookie }) });
      expect(answer?.user.id).toBe(member.id);
      // The app's routes see her too: a member's limits are keyed on her, whichever spelling is sent.
      expect((await me(cookie)).json().user?.id).toBe(member.id);
    }
  });

  it('refuses a forged signature, another secret, a deleted session and an expired one', async () => {
    const member = await t.signUp();
    const token = tokenOf(member);
    for (const forged of [`${token}.${sign(token, 'another-secret-of-thirty-two-chars')}`, `${token}.`, token]) {
      expect((await me(asCookie(encodeURIComponent(forged)))).json().user).toBeNull();
    }
    const expired = await t.signUp();
    await setExpiry(expired, new Date(Date.now() - 1000));
    const expiredReads = await countAuthReads(async () => {
      expect((await me(expired.cookie)).json().user).toBeNull();
    });
    // better-auth answers it, and deletes the row as it does.
    expect(expiredReads).toBe(1);
    expect(
      await t.database.db
        .select()
        .from(session)
        .where(eq(session.token, tokenOf(expired))),
    ).toHaveLength(0);

    const gone = await t.signUp();
    await t.database.db.delete(session).where(eq(session.token, tokenOf(gone)));
    expect((await me(gone.cookie)).json().user).toBeNull();
  });

  it('leaves a session due a refresh to better-auth, which moves her expiry forward', async () => {
    const member = await t.signUp();
    // A day and an hour older than a fresh sign-in: due (updateAge is a day).
    const old = new Date(
      Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - SESSION_UPDATE_AGE_SECONDS * 1000 - 3_600_000,
    );
    await setExpiry(member, old);
    const authReads = await countAuthReads(async () => {
      expect((await me(member.cookie)).json().user?.id).toBe(member.id);
    });
    expect(authReads).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(member)));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - DAY_MS / 24);
  });

  it('answers every form of her cookie that better-auth reads as hers, as better-auth does', async () => {
    const member = await t.signUp();
    const value = cookieValue(member);
    const forms = [
      `"${value}"`,
      // A character of the token percent-encoded, and the whole value decoded.
      `%${value.charCodeAt(0).toString(16).toUpperCase()}${value.slice(1)}`,
      decodeURIComponent(value),
    ];
    for (const form of forms) {
      const cookie = asCookie(form);
      expect((await t.app.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.id, form).toBe(member.id);
      expect((await me(cookie)).json().user?.id, form).toBe(member.id);
    }
  });
});
