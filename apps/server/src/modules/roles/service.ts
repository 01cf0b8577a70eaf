import { DEFAULT_ROLE, type Role, roleSchema } from '@lunara/shared/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { userRoles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { announceSessionChange } from '../session/session-cache.ts';

/** The member's role; a missing row or a failed lookup means "user" (spec section 6). */
export async function getUserRole(db: Db, userId: string, log?: FastifyBaseLogger): Promise<Role> {
  try {
    const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    const parsed = roleSchema.safeParse(row?.role);
    return parsed.success ? parsed.data : DEFAULT_ROLE;
  } catch (error) {
    log?.error({ err: error, userId }, 'role lookup failed; treating as user');
    return DEFAULT_ROLE;
  }
}

interface AssignRoleInput {
  db: Db;
  actorId: string;
  targetUserId: string;
  role: Role;
}

/** Only admins assign roles, and the last admin cannot be demoted (nobody could undo it). */
export async function assignUserRole({ db, actorId, targetUserId, role }: AssignRoleInput): Promise<Role> {
  const assigned = await db.transaction(async (tx) => {
    if ((await getUserRole(tx, actorId)) !== 'admin') throw forbidden('Only admins can assign roles');
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, targetUserId));
    if (!target) throw notFound('User not found');

    if (role !== 'admin') {
      // Lock every admin row so that two admins demoting each other at once cannot both succeed.
      const admins = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.role, 'admin'))
        .for('update');
      if (admins.length === 1 && admins[0]?.userId === targetUserId) {
        throw conflict("You cannot remove the last admin's role");
      }
    }

    const [before] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, targetUserId));
    await tx
      .insert(userRoles)
      .values({ userId: targetUserId, role, assignedBy: actorId })
      .onConflictDoUpdate({
        target: userRoles.userId,
        set: { role, assignedBy: actorId, updatedAt: sql`now()` },
      });
    await tx.insert(auditLog).values({
      actorId,
      action: 'role.assign',
      targetType: 'user',
      targetId: targetUserId,
      details: { from: before?.role ?? DEFAULT_ROLE, to: role },
    });
    return role;
  });
  announceSessionChange(targetUserId);
  return assigned;
}

/** Used by the CLI: no actor, so no permission check, but still audited. */
export async function grantRoleByEmail(db: Db, email: string, role: Role): Promise<{ userId: string }> {
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase()));
  if (!target) throw notFound(`No account with the email ${email}`);
  await db.transaction(async (tx) => {
    await tx
      .insert(userRoles)
      .values({ userId: target.id, role })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role, assignedBy: null, updatedAt: sql`now()` } });
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'role.assign',
      targetType: 'user',
      targetId: target.id,
      details: { to: role, via: 'cli' },
    });
  });
  announceSessionChange(target.id);
  return { userId: target.id };
}

/**
 * ADMIN_EMAILS names an address, and only its owner may become admin: an account is promoted when she
 * proves she holds the address and the account at once (she confirms her email from a browser signed in
 * to it, or sets a new password from an emailed reset link), never at sign-up or at a start, when the
 * account could be someone else's who typed that address first.
 */
export async function promoteIfConfiguredAdmin(
  db: Db,
  member: { id: string; email: string; emailVerified: boolean },
  adminEmails: string[],
) {
  if (!member.emailVerified || !adminEmails.includes(member.email.toLowerCase())) return;
  await db
    .insert(userRoles)
    .values({ userId: member.id, role: 'admin' })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'admin', updatedAt: sql`now()` } });
  // Her cached sessions carry the old role: this process forgets them now, others on the trigger's NOTIFY.
  announceSessionChange(member.id);
}

/** A reset by emailed link proves the address as a confirmation link does. */
export async function confirmEmailByReset(db: Db, userId: string) {
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** At start: the configured addresses whose accounts are not admins yet (to say how they become one). */
export async function findPendingConfiguredAdmins(db: Db, adminEmails: string[]): Promise<string[]> {
  if (adminEmails.length === 0) return [];
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(and(inArray(user.email, adminEmails), sql`coalesce(${userRoles.role}, 'user') <> 'admin'`));
  return rows.map((row) => row.email);
}
