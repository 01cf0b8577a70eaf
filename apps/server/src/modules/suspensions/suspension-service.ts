import type { Role } from '@lunara/shared/roles';
import {
  MAX_SUSPENSION_DAYS,
  MODERATOR_MAX_SUSPENSION_DAYS,
  moderatorSuspensionLimit,
  SUSPENSION_REASON_MAX,
  type Suspension,
  type SuspensionHistory,
} from '@lunara/shared/suspensions';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { endSessionsExcept } from '../../auth/end-sessions.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { suspensions } from '../../db/schema/suspensions.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, microsOf, timestampFromMicros } from '../../lib/cursor.ts';
import { getUserRole } from '../roles/service.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { activeSuspensionAt } from './active-suspension.ts';

export type SuspensionRow = typeof suspensions.$inferSelect;

export interface SuspendMemberInput {
  memberId: string;
  actor: { id: string; role: Role };
  reason: string;
  /** Null: permanent (a ban, admins only). */
  endsAt: Date | null;
  /** The moderation case it settles, when it comes from the queue. */
  caseId?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// A moderator's "7 days" reaches the server a moment after she chose it; a date picked in the dialog is
// the start of a day in her zone. Either may land a little past now + 7 days: a minute is not a loophole.
const MODERATOR_LIMIT_SLACK_MS = 60_000;

const activeNow = () => activeSuspensionAt();

/**
 * Suspends a member: refuses what the actor may not do, records the suspension and the audit entry, and
 * ends every session she has in the same transaction (the session trigger's NOTIFY then drops her cached
 * sessions and ends her event streams in every process, `realtime/session-watch.ts`). Her subscription is
 * left alone: a suspension is not a cancellation, and billing carries on (an admin who wants her gone for
 * good cancels it in Stripe). Called by the suspension route and by the moderation queue (helper 1).
 */
export async function suspendMember(db: Db, input: SuspendMemberInput): Promise<SuspensionRow> {
  const { memberId, actor, endsAt, caseId } = input;
  const reason = input.reason.trim();
  if (reason.length === 0) throw badRequest('Please give a reason: she will see it when she tries to sign in');
  if (reason.length > SUSPENSION_REASON_MAX) {
    throw badRequest(`The reason must be at most ${SUSPENSION_REASON_MAX} characters`);
  }
  if (actor.role !== 'admin' && actor.role !== 'moderator') {
    throw forbidden('Only moderators and admins can suspend members');
  }
  if (actor.id === memberId) throw forbidden('You cannot suspend yourself');

  const now = new Date();
  if (endsAt !== null) {
    if (Number.isNaN(endsAt.getTime())) throw badRequest('The end date must be a date and time');
    if (endsAt.getTime() <= now.getTime()) throw badRequest('The end date must be in the future');
    if (endsAt.getTime() > now.getTime() + MAX_SUSPENSION_DAYS * DAY_MS) {
      throw badRequest(`A suspension lasts at most ${MAX_SUSPENSION_DAYS} days; choose permanent instead`);
    }
  }
  if (actor.role === 'moderator') {
    if (endsAt === null) throw forbidden('Only admins can suspend a member permanently');
    if (endsAt.getTime() > moderatorSuspensionLimit(now).getTime() + MODERATOR_LIMIT_SLACK_MS) {
      throw forbidden(
        `Moderators can suspend for up to ${MODERATOR_MAX_SUSPENSION_DAYS} days; ask an admin for longer`,
      );
    }
  }

  const row = await db.transaction(async (tx) => {
    // The member's row, locked: two suspensions of her at once (a double submit, two moderators) are
    // decided one after the other, and the second finds the first.
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, memberId)).for('update');
    if (!target) throw notFound('Member not found');

    // The roles are read in the transaction, after the lock: a role changed meanwhile counts.
    const actorRole = await getUserRole(tx, actor.id);
    if (actorRole !== 'admin' && actorRole !== 'moderator') {
      throw forbidden('Only moderators and admins can suspend members');
    }
    if (actorRole === 'moderator' && actor.role === 'admin') {
      // She was demoted since the request began: apply a moderator's limits.
      if (endsAt === null || endsAt.getTime() > moderatorSuspensionLimit(now).getTime() + MODERATOR_LIMIT_SLACK_MS) {
        throw forbidden(
          `Moderators can suspend for up to ${MODERATOR_MAX_SUSPENSION_DAYS} days; ask an admin for longer`,
        );
      }
    }
    const targetRole = await getUserRole(tx, memberId);
    if (targetRole === 'admin') throw forbidden('Admins cannot be suspended');
    if (targetRole === 'moderator' && actorRole !== 'admin') throw forbidden('Only admins can suspend a moderator');

    const [current] = await tx
      .select({ endsAt: suspensions.endsAt })
      .from(suspensions)
      .where(and(eq(suspensions.memberId, memberId), activeNow()))
      .limit(1);
    if (current) {
      throw conflict(
        current.endsAt
          ? `She is already suspended until ${current.endsAt.toISOString()}; lift it first to change it`
          : 'She is already suspended permanently; lift it first to change it',
      );
    }

    const [inserted] = await tx
      .insert(suspensions)
      .values({ memberId, reason, endsAt, createdBy: actor.id, caseId: caseId ?? null })
      .returning();
    if (!inserted) throw new Error('suspension insert returned no row');
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action: 'member.suspend',
      targetType: 'user',
      targetId: memberId,
      details: {
        suspensionId: inserted.id,
        reason,
        endsAt: endsAt ? endsAt.toISOString() : null,
        permanent: endsAt === null,
        ...(caseId ? { caseId } : {}),
      },
    });
    await endSessionsExcept(tx, memberId, undefined);
    return inserted;
  });

  // This process forgets her sessions now; the others hear the session trigger's NOTIFY at commit. A
  // sign-in that passed its check just before the commit is caught by the session hook's second look
  // (`refuseSuspendedSession`), and the sessions are ended once more here for one created meanwhile.
  announceSessionChange(memberId);
  await endSessionsExcept(db, memberId, undefined);
  announceSessionChange(memberId);
  return row;
}

/** Lifts her active suspension (admins only); 404 when there is none. */
export async function liftSuspension(
  db: Db,
  input: { memberId: string; actor: { id: string } },
): Promise<SuspensionRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.memberId)).for('update');
    if (!target) throw notFound('Member not found');
    if ((await getUserRole(tx, input.actor.id)) !== 'admin') throw forbidden('Only admins can lift a suspension');
    const [lifted] = await tx
      .update(suspensions)
      .set({ liftedAt: sql`now()`, liftedBy: input.actor.id })
      .where(and(eq(suspensions.memberId, input.memberId), activeNow()))
      .returning();
    if (!lifted) throw notFound('She is not suspended');
    await tx.insert(auditLog).values({
      actorId: input.actor.id,
      action: 'member.suspension_lift',
      targetType: 'user',
      targetId: input.memberId,
      details: { suspensionId: lifted.id },
    });
    return lifted;
  });
}

export interface ActiveSuspension {
  reason: string;
  endsAt: Date | null;
  timeZone: string;
}

/** Her suspension in force now, if any (the latest ending one), with her time zone for the message. */
export async function findActiveSuspension(db: Db, memberId: string): Promise<ActiveSuspension | null> {
  const [row] = await db
    .select({ reason: suspensions.reason, endsAt: suspensions.endsAt, timeZone: profiles.timeZone })
    .from(suspensions)
    .leftJoin(profiles, eq(profiles.id, suspensions.memberId))
    .where(and(eq(suspensions.memberId, memberId), activeNow()))
    .orderBy(sql`${suspensions.endsAt} desc nulls first`)
    .limit(1);
  return row ? { reason: row.reason, endsAt: row.endsAt, timeZone: row.timeZone ?? 'UTC' } : null;
}

/** The message a suspended member sees when she tries to sign in: the end in her own time zone. */
export function suspendedMessage(suspension: ActiveSuspension): string {
  if (!suspension.endsAt) return `Your account is suspended permanently: ${suspension.reason}`;
  let when: string;
  try {
    when = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: suspension.timeZone,
      timeZoneName: 'short',
    }).format(suspension.endsAt);
  } catch {
    when = `${suspension.endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  return `Your account is suspended until ${when}: ${suspension.reason}`;
}

const HISTORY_PAGE = 20;

/** A member's suspensions, newest first (staff), keyset-paged on (created_at, id). */
export async function listSuspensions(
  db: Db,
  memberId: string,
  cursor: string | undefined,
): Promise<SuspensionHistory> {
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, memberId));
  if (!target) throw notFound('Member not found');
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : null;
  const creator = alias(profiles, 'creator');
  const lifter = alias(profiles, 'lifter');
  const rows = await db
    .select({
      id: suspensions.id,
      memberId: suspensions.memberId,
      reason: suspensions.reason,
      endsAt: suspensions.endsAt,
      createdAt: suspensions.createdAt,
      createdById: suspensions.createdBy,
      createdByName: creator.displayName,
      liftedAt: suspensions.liftedAt,
      liftedById: suspensions.liftedBy,
      liftedByName: lifter.displayName,
      micros: microsOf(suspensions.createdAt),
      active: sql<boolean>`(${activeNow()})`,
    })
    .from(suspensions)
    .leftJoin(creator, eq(creator.id, suspensions.createdBy))
    .leftJoin(lifter, eq(lifter.id, suspensions.liftedBy))
    .where(
      and(
        eq(suspensions.memberId, memberId),
        after
          ? sql`(${suspensions.createdAt}, ${suspensions.id}) < (${timestampFromMicros(String(after[0]))}, ${String(after[1])}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(suspensions.createdAt), desc(suspensions.id))
    .limit(HISTORY_PAGE + 1);
  const page = rows.slice(0, HISTORY_PAGE);
  const last = page.at(-1);
  return {
    items: page.map(
      (row): Suspension => ({
        id: row.id,
        memberId: row.memberId,
        reason: row.reason,
        endsAt: row.endsAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? 'Former member' } : null,
        liftedAt: row.liftedAt?.toISOString() ?? null,
        liftedBy: row.liftedById ? { id: row.liftedById, name: row.liftedByName ?? 'Former member' } : null,
        active: Boolean(row.active),
      }),
    ),
    nextCursor: rows.length > HISTORY_PAGE && last ? encodeCursor([last.micros, last.id]) : null,
  };
}

/** The active suspension of each of these members (a page of the admin users list), by member id. */
export async function activeSuspensionsOf(
  db: Db,
  memberIds: string[],
): Promise<Map<string, { endsAt: string | null; reason: string }>> {
  const found = new Map<string, { endsAt: string | null; reason: string }>();
  if (memberIds.length === 0) return found;
  const rows = await db
    .select({ memberId: suspensions.memberId, endsAt: suspensions.endsAt, reason: suspensions.reason })
    .from(suspensions)
    .where(and(inArray(suspensions.memberId, memberIds), activeNow()));
  for (const row of rows) {
    const seen = found.get(row.memberId);
    // Only one is active at a time (suspending refuses a second), but read defensively: the longest wins.
    if (seen && (seen.endsAt === null || (row.endsAt && row.endsAt.toISOString() <= seen.endsAt))) continue;
    found.set(row.memberId, { endsAt: row.endsAt?.toISOString() ?? null, reason: row.reason });
  }
  return found;
}
