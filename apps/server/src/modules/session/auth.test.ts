import { PASSWORD_BLANK_MESSAGE } from '@lunara/shared/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followConfirmationLink } from '../../../test/outbox-mail.ts';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp, uniqueEmail } from '../../../test/test-app.ts';
import { profiles, userRoles } from '../../db/schema/members.ts';
import { outbox } from '../../db/schema/operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ['owner@example.com'] });
});
afterAll(async () => t?.close());

const me = async (cookie?: string) => (await t.request({ method: 'GET', url: '/api/me', cookie })).json();

describe('sign-up', () => {
  it('creates the account with its profile and "user" role, and signs the member in', async () => {
    const email = uniqueEmail('Moon.Child');
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'moonlight', name: '  Moon Child ' },
    });
    expect(response.statusCode).toBe(200);

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const body = await me(cookieFrom(response));
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      role: 'user',
      emailVerified: false,
      profile: { displayName: 'Moon Child', membershipStatus: 'inactive' },
    });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, body.user.id));
    expect(profile?.membershipStatus).toBe('inactive');
  });

  it('sends a confirmation link to the outbox, and the link verifies the email', async () => {
    const member = await t.signUp();
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, member.email));
    expect(mail?.subject).toBe('Confirm your email for Lunara');
    const link = mail?.textBody.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link).toContain('/api/auth/verify-email?token=');

    const url = new URL(link);
    const verified = await t.request({ method: 'GET', url: `${url.pathname}${url.search}`, cookie: member.cookie });
    expect(verified.statusCode).toBeLessThan(400);
    expect((await me(member.cookie)).user.emailVerified).toBe(true);
  });

  it('never signs in whoever opens the link, and ends the sessions of whoever opened the account before', async () => {
    // A stranger signs up with someone else's address and keeps his session.
    const stranger = await t.signUp();
    const elsewhere = cookieFrom(await t.signIn(stranger.email, stranger.password));
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, stranger.email));
    const url = new URL(mail?.textBody.match(/https?:\/\/\S+/)?.[0] ?? '');
    // The owner of the address opens the link in her mail client: she is not signed in to his account...
    const verified = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(verified.statusCode).toBeLessThan(400);
    expect(verified.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
    // ...and his sessions are over: whatever she does with the address next is hers alone.
    expect((await me(stranger.cookie)).user).toBeNull();
    expect((await me(elsewhere)).user).toBeNull();

    // Confirmed from a browser signed in to the account, that browser stays in and the others end.
    const member = await t.signUp();
    const other = cookieFrom(await t.signIn(member.email, member.password));
    const [own] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, member.email));
    const ownUrl = new URL(own?.textBody.match(/https?:\/\/\S+/)?.[0] ?? '');
    await t.request({ method: 'GET', url: `${ownUrl.pathname}${ownUrl.search}`, cookie: member.cookie });
    expect((await me(member.cookie)).user.emailVerified).toBe(true);
    expect((await me(other)).user).toBeNull();
  });

  it('answers a duplicate email, whatever its case, as a new account but without a session, and keeps one account', async () => {
    const member = await t.signUp();
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: member.email.toUpperCase(), password: 'another-secret', name: 'Luna' },
    });
    // Not "already exists": that would tell anyone who is a member (auth/account-existence.test.ts).
    expect(again.statusCode).toBe(200);
    expect(again.json().token).toBeNull();
    expect(again.headers['set-cookie']).toBeUndefined();
    // The original password still works.
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(200);
  });

  it('refuses a short password and a malformed email with clear messages', async () => {
    const short = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), password: '12345', name: 'Luna' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Password must be at least 6 characters',
    });

    const badEmail = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'not-an-email', password: 'moonlight', name: 'Luna' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toBe('Enter a valid email address');
  });

  it('requires her name, refusing a missing, blank or invisible one, and creates no account', async () => {
    const email = uniqueEmail('nameless');
    for (const [name, message] of [
      [undefined, 'Enter your name'],
      ['   ', 'Enter your name'],
      ['\u200B\u2060', 'Enter your name'],
      ['a'.repeat(81), 'Your name must be at most 80 characters'],
      ['Luna\nMoon', undefined],
    ] as const) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: 'moonlight', ...(name === undefined ? {} : { name }) },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      if (message) expect(response.json().error.message).toBe(message);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.signIn(email, 'moonlight')).statusCode).toBe(401);
  });

  it('refuses a password of only spaces, and creates no account', async () => {
    const email = uniqueEmail('blank.password');
    for (const password of ['        ', ' \t \u00a0  \u2003 ']) {
      const blank = await t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password, name: 'Luna' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error).toEqual({ code: 'VALIDATION_ERROR', message: PASSWORD_BLANK_MESSAGE });
      expect(blank.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.signIn(email, '        ')).statusCode).toBe(401);
    // Spaces around other characters are part of a password like any other character.
    const spaced = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: '  moon light  ', name: 'Luna' },
    });
    expect(spaced.statusCode).toBe(200);
  });

  it('makes the accounts of ADMIN_EMAILS admins once they confirm their email signed in', async () => {
    const admin = await t.signUp('Owner@Example.com');
    expect((await me(admin.cookie)).user.role).toBe('user');
    expect((await followConfirmationLink(t, admin.email, admin.cookie)).statusCode).toBeLessThan(400);
    expect((await me(admin.cookie)).user.role).toBe('admin');
    const [row] = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, admin.id));
    expect(row?.role).toBe('admin');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password only', async () => {
    const member = await t.signUp();
    const wrong = await t.signIn(member.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const unknown = await t.signIn(uniqueEmail('nobody'), 'moonlight');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('Invalid email or password');

    const right = await t.signIn(member.email, member.password);
    expect(right.statusCode).toBe(200);
    expect((await me(cookieFrom(right))).user.id).toBe(member.id);
  });

  it('ends the session on sign-out', async () => {
    const member = await t.signUp();
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: member.cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await me(member.cookie)).user).toBeNull();
  });

  it('shows a visitor as no user', async () => {
    expect(await me()).toEqual({ user: null });
  });
});

describe('password reset', () => {
  const resetLinkFor = async (email: string) => {
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, email));
    const mail = rows.find((row) => row.subject.startsWith('Reset your'));
    return mail?.textBody.match(/https?:\/\/\S+/)?.[0];
  };

  it('emails a link whose token sets a new password and ends the old sessions', async () => {
    const member = await t.signUp();
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: member.email, redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    expect(asked.statusCode).toBe(200);

    const link = await resetLinkFor(member.email);
    expect(link).toBeDefined();
    // The emailed link goes through the API, which redirects to the app's page with the token.
    const url = new URL(link ?? '');
    const redirect = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(redirect.statusCode).toBe(302);
    const token = new URL(String(redirect.headers.location)).searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'new-moonlight' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(401);
    expect((await t.signIn(member.email, 'new-moonlight')).statusCode).toBe(200);
    expect((await me(member.cookie)).user).toBeNull();

    const reused = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'third-moonlight' },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    expect(asked.statusCode).toBe(200);
    expect(await resetLinkFor(email)).toBeUndefined();
  });
});
