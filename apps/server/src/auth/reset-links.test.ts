import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksInMail } from '../../test/outbox-mail.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestMember } from '../../test/test-app.ts';
import { verification } from '../db/schema/auth.ts';

// A reset link works once, for an hour, and only until the member has reset her password with any link.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let client = 0;
const fromOwnClient = () => `10.67.${client >> 8}.${client++ & 255}`;

/** Asks for a reset link for the member and returns its token (from the emailed link). */
async function requestResetToken(member: TestMember): Promise<string> {
  const before = await linksInMail(t, member.email, 'Reset your');
  const asked = await t.request({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress: fromOwnClient(),
    payload: { email: member.email, redirectTo: `${TEST_ORIGIN}/reset-password` },
  });
  expect(asked.statusCode).toBe(200);
  const [link] = await linksInMail(t, member.email, 'Reset your');
  expect(link).not.toBe(before[0]);
  const token = /\/reset-password\/([^?]+)/.exec(link ?? '')?.[1];
  if (!token) throw new Error(`No reset link for ${member.email}`);
  return token;
}

const resetWith = (token: string, newPassword: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress: fromOwnClient(),
    payload: { token, newPassword },
  });

/** Where the emailed link sends the browser: the app's page with the token, or with an error. */
async function openLink(token: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(`${TEST_ORIGIN}/reset-password`)}`,
  });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location)).searchParams;
}

/** What a link that has expired answers, to compare a revoked one with. */
async function expiredLinkAnswers(member: TestMember) {
  const token = await requestResetToken(member);
  await t.database.db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verification.identifier, `reset-password:${token}`));
  const opened = await openLink(token);
  const used = await resetWith(token, 'too-late-moon');
  return { opened: opened.get('error'), status: used.statusCode, body: used.json() };
}

describe('after a successful reset, the member’s other reset links', () => {
  it('an older link fails like an expired one once the newer was used', async () => {
    const member = await t.signUp();
    const expired = await expiredLinkAnswers(await t.signUp());
    const older = await requestResetToken(member);
    const newer = await requestResetToken(member);

    expect((await resetWith(newer, 'newer-moonlight')).statusCode).toBe(200);
    expect((await openLink(older)).get('error')).toBe(expired.opened);
    const reused = await resetWith(older, 'older-moonlight');
    expect(reused.statusCode).toBe(expired.status);
    expect(reused.json()).toEqual(expired.body);
    expect((await t.signIn(member.email, 'newer-moonlight')).statusCode).toBe(200);
    expect((await t.signIn(member.email, 'older-moonlight')).statusCode).toBe(401);
  });

  it('a newer link fails like an expired one once the older was used', async () => {
    const member = await t.signUp();
    const expired = await expiredLinkAnswers(await t.signUp());
    const older = await requestResetToken(member);
    const newer = await requestResetToken(member);
    const third = await requestResetToken(member);

    expect((await resetWith(older, 'older-moonlight')).statusCode).toBe(200);
    for (const token of [newer, third]) {
      expect((await openLink(token)).get('error')).toBe(expired.opened);
      const reused = await resetWith(token, 'newer-moonlight');
      expect(reused.statusCode).toBe(expired.status);
      expect(reused.json()).toEqual(expired.body);
    }
    expect((await t.signIn(member.email, 'older-moonlight')).statusCode).toBe(200);
  });

  it('only hers: another member’s link still works', async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    const hers = await requestResetToken(member);
    const theirs = await requestResetToken(other);
    expect((await resetWith(hers, 'her-new-moonlight')).statusCode).toBe(200);
    expect((await openLink(theirs)).get('token')).toBe(theirs);
    expect((await resetWith(theirs, 'their-new-moonlight')).statusCode).toBe(200);
  });

  it('two links used at once set at most one password', async () => {
    const member = await t.signUp();
    const first = await requestResetToken(member);
    const second = await requestResetToken(member);
    const answers = await Promise.all([resetWith(first, 'first-moonlight'), resetWith(second, 'second-moonlight')]);
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    expect(succeeded.length).toBeLessThanOrEqual(1);
    for (const answer of answers) expect([200, 400]).toContain(answer.statusCode);
    const signIns = await Promise.all(
      ['first-moonlight', 'second-moonlight'].map(
        async (password) => (await t.signIn(member.email, password)).statusCode,
      ),
    );
    expect(signIns.filter((status) => status === 200).length).toBe(succeeded.length);
  });
});
