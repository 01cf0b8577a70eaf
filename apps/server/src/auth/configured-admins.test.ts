import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followConfirmationLink, resetPasswordByEmail } from '../../test/outbox-mail.ts';
import { cookieFrom, createTestApp, type TestApp } from '../../test/test-app.ts';
import { userRoles } from '../db/schema/members.ts';
import { findPendingConfiguredAdmins } from '../modules/roles/service.ts';

// ADMIN_EMAILS names an address; only the person who proves she holds the address AND the account
// becomes admin.
const OWNER = 'owner@example.com';
const SECOND_OWNER = 'second.owner@example.com';
const SQUATTED = 'squatted.owner@example.com';
const ADMIN_EMAILS = [OWNER, SECOND_OWNER, SQUATTED];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN_EMAILS });
});
afterAll(async () => t?.close());

const roleSeenBy = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/me', cookie })).json().user?.role as string | undefined;
const storedRole = async (userId: string) =>
  (await t.database.db.select().from(userRoles).where(eq(userRoles.userId, userId)))[0]?.role;

describe('ADMIN_EMAILS', () => {
  it('gives a configured address the "user" role at sign-up, whatever its case', async () => {
    const member = await t.signUp('Owner@Example.com');
    expect(await roleSeenBy(member.cookie)).toBe('user');
    expect(await storedRole(member.id)).toBe('user');
    // Signing in again, or asking for the session, promotes nobody either.
    const again = await t.signIn(member.email, member.password);
    expect(await roleSeenBy(cookieFrom(again))).toBe('user');
    expect(await findPendingConfiguredAdmins(t.database.db, ADMIN_EMAILS)).toContain(OWNER);
  });

  it('makes her admin when she follows the emailed link signed in to that account, seen at once', async () => {
    const member = await t.signUp(SECOND_OWNER);
    expect(await roleSeenBy(member.cookie)).toBe('user'); // now cached for her session

    const confirmed = await followConfirmationLink(t, SECOND_OWNER, member.cookie);
    expect(confirmed.statusCode).toBeLessThan(400);
    expect(await storedRole(member.id)).toBe('admin');
    expect(await roleSeenBy(member.cookie)).toBe('admin');
    expect(await findPendingConfiguredAdmins(t.database.db, ADMIN_EMAILS)).not.toContain(SECOND_OWNER);
  });

  it('makes nobody admin for confirming an address that is not configured', async () => {
    const member = await t.signUp();
    expect((await followConfirmationLink(t, member.email, member.cookie)).statusCode).toBeLessThan(400);
    expect(await roleSeenBy(member.cookie)).toBe('user');
  });

  it("never promotes an account someone else opened with the owner's address; her reset link takes it back", async () => {
    // A stranger signs up first with the owner's address and knows the password.
    const squatter = await t.signUp(SQUATTED);
    // The owner clicks the confirmation link in her mail client: the address is proven, the account is not hers.
    expect((await followConfirmationLink(t, SQUATTED)).statusCode).toBeLessThan(400);
    expect(await storedRole(squatter.id)).toBe('user');
    // And confirming it from outside the account ended the stranger's session.
    expect(await roleSeenBy(squatter.cookie)).toBeUndefined();

    // She sets a new password from an emailed reset link: the stranger's sessions and password are gone,
    // and the account, now hers alone, is the admin.
    expect((await resetPasswordByEmail(t, SQUATTED, 'only-the-owner-knows')).statusCode).toBe(200);
    expect(await storedRole(squatter.id)).toBe('admin');
    expect(await roleSeenBy(squatter.cookie)).toBeUndefined();
    expect((await t.signIn(SQUATTED, squatter.password)).statusCode).toBe(401);
    const owner = await t.signIn(SQUATTED, 'only-the-owner-knows');
    expect(await roleSeenBy(cookieFrom(owner))).toBe('admin');
  });
});
