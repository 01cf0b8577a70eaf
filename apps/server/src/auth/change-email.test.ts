import { EMAIL_CHANGES_PER_WINDOW } from '@lunara/shared/account-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followConfirmationLink, linksInMail, mailsTo } from '../../test/outbox-mail.ts';
import {
  cookieFrom,
  createTestApp,
  TEST_ORIGIN,
  type TestApp,
  type TestMember,
  uniqueEmail,
} from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ['new-owner@example.com'] });
});
afterAll(async () => t?.close());

const me = async (cookie?: string) => (await t.request({ method: 'GET', url: '/api/me', cookie })).json().user;
const LANDING = '/email-confirmed?change=1';
const changeEmail = (member: Pick<TestMember, 'cookie'>, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/auth/change-email', cookie: member.cookie, payload: body });
/** Follows a link from a mail the way a browser would (with `cookie`, or none: another device). */
const follow = (link: string, cookie?: string) => {
  const url = new URL(link);
  return t.request({ method: 'GET', url: `${url.pathname}${url.search}`, cookie });
};

describe('changing her email', () => {
  it('sends the link to the new address and a notice to the old; the old one stays until the link is followed', async () => {
    const member = await t.signUp();
    await followConfirmationLink(t, member.email, member.cookie);
    const newEmail = uniqueEmail('Moved');
    const asked = await changeEmail(member, { newEmail, currentPassword: member.password, callbackURL: LANDING });
    expect(asked.statusCode).toBe(200);

    const [link] = await linksInMail(t, newEmail, 'Confirm your new email');
    expect(link).toContain('/api/auth/verify-email?token=');
    const [notice] = (await mailsTo(t, member.email)).filter((mail) => mail.subject.includes('is being changed'));
    expect(notice?.textBody).toContain(newEmail.toLowerCase());
    // The notice carries no token: nothing in it acts on the account.
    expect(notice?.textBody).not.toMatch(/token=/);

    // Until then she signs in with the old address, and the new one signs nobody in.
    expect((await me(member.cookie)).email).toBe(member.email.toLowerCase());
    expect((await t.signIn(newEmail, member.password)).statusCode).toBe(401);

    // Following the link (here from another device, not signed in) lands on our page and changes it.
    const followed = await follow(link ?? '');
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(LANDING);
    // Her session learns it at once, and stays: only she could have asked for that link.
    const after = await me(member.cookie);
    expect(after).toMatchObject({ email: newEmail.toLowerCase(), emailVerified: true });
    expect((await t.signIn(newEmail, member.password)).statusCode).toBe(200);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(401);

    // The link works once: the account's address is no longer the one it was made for.
    const again = await follow(link ?? '');
    expect(again.headers.location).toBe(`${LANDING}&error=INVALID_TOKEN`);
  });

  it('confirms an address she never confirmed: the link to the new one proves it', async () => {
    const member = await t.signUp();
    const newEmail = uniqueEmail('unconfirmed');
    expect((await changeEmail(member, { newEmail, currentPassword: member.password })).statusCode).toBe(200);
    const [link] = await linksInMail(t, newEmail, 'Confirm your new email');
    await follow(link ?? '', member.cookie);
    expect(await me(member.cookie)).toMatchObject({ email: newEmail.toLowerCase(), emailVerified: true });
  });

  it('refuses a wrong current password with a clear message, and sends nothing', async () => {
    const member = await t.signUp();
    const newEmail = uniqueEmail('wrong');
    const refused = await changeEmail(member, { newEmail, currentPassword: 'not-my-password' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'INVALID_PASSWORD', message: 'That is not your current password' });
    expect(await mailsTo(t, newEmail)).toHaveLength(0);
    expect((await mailsTo(t, member.email)).filter((mail) => mail.subject.includes('is being changed'))).toHaveLength(
      0,
    );

    const missing = await changeEmail(member, { newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Enter your current password');
  });

  it('answers an address that has an account like any other, sends it nothing, and changes nothing', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const free = await changeEmail(member, { newEmail: uniqueEmail('free'), currentPassword: member.password });
    const taken = await changeEmail(member, { newEmail: owner.email.toUpperCase(), currentPassword: member.password });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect((await mailsTo(t, owner.email)).filter((mail) => mail.subject.startsWith('Confirm your new'))).toEqual([]);
    expect((await me(member.cookie)).email).toBe(member.email.toLowerCase());
  });

  it('refuses her own address, a visitor, and a link to another site', async () => {
    const member = await t.signUp();
    const same = await changeEmail(member, { newEmail: member.email, currentPassword: member.password });
    expect(same.statusCode).toBe(400);
    const visitor = await t.request({
      method: 'POST',
      url: '/api/auth/change-email',
      payload: { newEmail: uniqueEmail(), currentPassword: 'moonlight' },
    });
    expect(visitor.statusCode).toBe(401);
    const elsewhere = await changeEmail(member, {
      newEmail: uniqueEmail(),
      currentPassword: member.password,
      callbackURL: 'https://evil.example/phish',
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('refuses NUL, control and direction characters in every text field, and sends nothing', async () => {
    const hostile = ['a\u0000b@example.com', 'a\u001b[31m@example.com', 'file\u202Etxt@example.com', '\u200B'];
    for (const field of ['newEmail', 'callbackURL']) {
      // A fresh member per field: each refusal counts toward her hourly limit.
      const member = await t.signUp();
      for (const value of hostile) {
        const body = { newEmail: uniqueEmail('hostile'), currentPassword: member.password, [field]: value };
        const response = await changeEmail(member, body);
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.json().error.message).toBeTruthy();
      }
    }
    expect((await t.request({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBeLessThan(500);
  });

  it('is limited per member, and the limit is hers alone', async () => {
    const member = await t.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < EMAIL_CHANGES_PER_WINDOW.max + 1; i++) {
      statuses.push(
        (await changeEmail(member, { newEmail: uniqueEmail('many'), currentPassword: 'wrong-one' })).statusCode,
      );
    }
    expect(statuses.slice(0, EMAIL_CHANGES_PER_WINDOW.max)).toEqual(statuses.slice(0, -1).map(() => 400));
    expect(statuses.at(-1)).toBe(429);
    const other = await t.signUp();
    expect((await changeEmail(other, { newEmail: uniqueEmail(), currentPassword: other.password })).statusCode).toBe(
      200,
    );
  });

  it('makes an ADMIN_EMAILS address an admin only when confirmed signed in, as at sign-up', async () => {
    const member = await t.signUp();
    await followConfirmationLink(t, member.email, member.cookie);
    await changeEmail(member, { newEmail: 'new-owner@example.com', currentPassword: member.password });
    const [link] = await linksInMail(t, 'new-owner@example.com', 'Confirm your new email');
    await follow(link ?? '', member.cookie);
    expect(await me(member.cookie)).toMatchObject({ email: 'new-owner@example.com', role: 'admin' });
  });

  it('keeps her other sessions when she confirms from a browser that is not signed in', async () => {
    const member = await t.signUp();
    await followConfirmationLink(t, member.email, member.cookie);
    const laptop = cookieFrom(await t.signIn(member.email, member.password));
    const newEmail = uniqueEmail('kept');
    await changeEmail(member, { newEmail, currentPassword: member.password, callbackURL: `${TEST_ORIGIN}${LANDING}` });
    const [link] = await linksInMail(t, newEmail, 'Confirm your new email');
    await follow(link ?? '');
    expect((await me(laptop)).email).toBe(newEmail.toLowerCase());
    expect((await me(member.cookie)).email).toBe(newEmail.toLowerCase());
  });
});
