import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followConfirmationLink } from '../../../test/outbox-mail.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { userRoles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { getUserRole, grantRoleByEmail } from './service.ts';

let t: TestApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ['first-admin@example.com'] });
  admin = await t.signUp('first-admin@example.com');
  // ADMIN_EMAILS promotes her once she confirms the address.
  await followConfirmationLink(t, admin.email, admin.cookie);
  member = await t.signUp();
});
afterAll(async () => t?.close());

const assign = (userId: string, role: string, cookie?: string) =>
  t.request({ method: 'PUT', url: `/api/users/${userId}/role`, payload: { role }, cookie });

describe('assigning roles', () => {
  it('refuses visitors with 401', async () => {
    const response = await assign(member.id, 'admin');
    expect(response.statusCode).toBe(401);
  });

  it('refuses a non-admin with the spec message and changes nothing', async () => {
    const response = await assign(member.id, 'admin', member.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only admins can assign roles' } });
    expect(await getUserRole(t.database.db, member.id)).toBe('user');
  });

  it('refuses a moderator too', async () => {
    const moderator = await t.signUp();
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
    const response = await assign(member.id, 'moderator', moderator.cookie);
    expect(response.statusCode).toBe(403);
  });

  it('lets an admin assign any of the three roles, and records it in the audit log', async () => {
    for (const role of ['moderator', 'admin', 'user'] as const) {
      const response = await assign(member.id, role, admin.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userId: member.id, role });
      expect(await getUserRole(t.database.db, member.id)).toBe(role);
    }
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(entries.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        { from: 'user', to: 'moderator' },
        { from: 'moderator', to: 'admin' },
        { from: 'admin', to: 'user' },
      ]),
    );
    expect(entries.every((entry) => entry.actorId === admin.id && entry.action === 'role.assign')).toBe(true);
  });

  it('answers 400 for an unknown role and 404 for an unknown user', async () => {
    const badRole = await assign(member.id, 'queen', admin.cookie);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.code).toBe('VALIDATION_ERROR');
    const nobody = await assign('no-such-user', 'moderator', admin.cookie);
    expect(nobody.statusCode).toBe(404);
  });

  it('will not demote the last admin', async () => {
    const response = await assign(admin.id, 'user', admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe("You cannot remove the last admin's role");
    expect(await getUserRole(t.database.db, admin.id)).toBe('admin');
  });

  it('applies new roles to the very next request', async () => {
    const promoted = await t.signUp();
    await assign(promoted.id, 'admin', admin.cookie);
    const response = await assign(member.id, 'moderator', promoted.cookie);
    expect(response.statusCode).toBe(200);
  });
});

describe('getUserRole', () => {
  it('falls back to "user" when a member has no role row', async () => {
    const orphan = await t.signUp();
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, orphan.id));
    expect(await getUserRole(t.database.db, orphan.id)).toBe('user');
    const me = await t.request({ method: 'GET', url: '/api/me', cookie: orphan.cookie });
    expect(me.json().user.role).toBe('user');
  });
});

describe('grantRoleByEmail (the CLI)', () => {
  it('grants a role to an existing account and refuses an unknown email', async () => {
    const someone = await t.signUp();
    await grantRoleByEmail(t.database.db, someone.email.toUpperCase(), 'moderator');
    expect(await getUserRole(t.database.db, someone.id)).toBe('moderator');
    await expect(grantRoleByEmail(t.database.db, 'nobody@example.com', 'admin')).rejects.toThrow(
      'No account with the email nobody@example.com',
    );
  });
});
