import { randomUUID } from 'node:crypto';
import { SUBSCRIBED_STATUSES, type SubscriptionStatus } from '@lunara/shared/billing';
import {
  COMPLIMENTARY_END_PAST,
  COMPLIMENTARY_END_TOO_FAR,
  COMPLIMENTARY_MONTHS_MAX,
  COMPLIMENTARY_PRODUCT_ID,
  type ComplimentaryGrant,
  MEMBER_DETAIL_LIST_SIZE,
  type MemberDetail,
  type MemberMembership,
} from '@lunara/shared/member-admin';
import type { Role } from '@lunara/shared/roles';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { user } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { userPoints } from '../../db/schema/community.ts';
import { profiles, userRoles } from '../../db/schema/members.ts';
import { moderationCases } from '../../db/schema/moderation.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { findCurrentSubscription, refreshMembershipStatus } from '../billing/subscription-service.ts';
import { addMonths } from '../plans/period-amount.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { activeSuspensionsOf } from '../suspensions/suspension-service.ts';

const NO_MEMBER = 'This member does not exist';

const dateText = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

const membershipOf = (row: typeof subscriptions.$inferSelect, now: Date): MemberMembership => ({
  provider: row.provider as MemberMembership['provider'],
  productId: row.productId,
  planInterval: row.planInterval as MemberMembership['planInterval'],
  status: row.status as SubscriptionStatus,
  subscribed:
    SUBSCRIBED_STATUSES.includes(row.status as SubscriptionStatus) &&
    !(row.cancelAtPeriodEnd && row.currentPeriodEnd <= now),
  currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  pausedUntil: row.pausedUntil?.toISOString() ?? null,
  complimentary: row.provider === 'complimentary',
  amountCents: row.amountCents,
});

/** A member's detail for the admins: membership, activity, points, reports and audit entries (bounded). */
export async function getMemberDetail(db: Db, userId: string, now = new Date()): Promise<MemberDetail> {
  const [member] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      displayName: profiles.displayName,
      joinedAt: user.createdAt,
      role: userRoles.role,
      points: userPoints.points,
      level: userPoints.level,
      postsCount: userPoints.postsCount,
      commentsCount: userPoints.commentsCount,
      lastActiveOn: userPoints.lastActiveOn,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(userPoints, eq(userPoints.userId, user.id))
    .where(eq(user.id, userId));
  if (!member) throw notFound(NO_MEMBER);
  // Settles what is due first (a complimentary or test membership whose period is over).
  await findCurrentSubscription(db, userId, now);
  // Cases about her content and her profile: a profile's case names her as its author (report-service.ts),
  // so moderation_cases_author_idx finds them all.
  const aboutHer = eq(moderationCases.authorId, userId);
  const [[newest], suspended, reports, [reportsTotal], audit] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.currentPeriodEnd))
      .limit(builderLimit(1)),
    activeSuspensionsOf(db, [userId]),
    db
      .select()
      .from(moderationCases)
      .where(aboutHer)
      .orderBy(desc(moderationCases.lastReportedAt))
      .limit(builderLimit(MEMBER_DETAIL_LIST_SIZE)),
    db.select({ n: count() }).from(moderationCases).where(aboutHer),
    db
      .select({ entry: auditLog, actorName: profiles.displayName })
      .from(auditLog)
      .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)))
      .orderBy(desc(auditLog.createdAt))
      .limit(builderLimit(MEMBER_DETAIL_LIST_SIZE)),
  ]);
  return {
    id: member.id,
    displayName: member.displayName ?? '',
    email: member.email,
    emailVerified: member.emailVerified,
    role: (member.role ?? 'user') as Role,
    joinedAt: member.joinedAt.toISOString(),
    membership: newest ? membershipOf(newest, now) : null,
    activity: {
      lastActiveOn: member.lastActiveOn ?? null,
      postsCount: member.postsCount ?? 0,
      commentsCount: member.commentsCount ?? 0,
    },
    points: member.points ?? 0,
    level: member.level ?? 1,
    suspension: suspended.get(userId) ?? null,
    reports: reports.map((report) => ({
      caseId: report.id,
      targetType: report.targetType,
      status: report.status,
      reportersCount: report.reportersCount,
      lastReportedAt: report.lastReportedAt.toISOString(),
    })),
    reportsTotal: reportsTotal?.n ?? 0,
    audit: audit.map(({ entry, actorName }) => ({
      id: entry.id,
      action: entry.action,
      actorName: actorName ?? (entry.actorId ? 'Unknown User' : 'System'),
      details: (entry.details ?? {}) as Record<string, unknown>,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/** The end a grant asks for: 1-24 months from now, or a date after now and within 24 months. */
export function complimentaryEnd(grant: ComplimentaryGrant, now: Date): Date {
  if (grant.months !== undefined) return addMonths(now, grant.months);
  const end = new Date(grant.until ?? '');
  if (!(end.getTime() > now.getTime())) throw new AppError('VALIDATION_ERROR', 400, COMPLIMENTARY_END_PAST);
  // A day's grace, so "24 months from today" picked in any time zone is accepted.
  if (end.getTime() > addMonths(now, COMPLIMENTARY_MONTHS_MAX).getTime() + 24 * 60 * 60 * 1000) {
    throw new AppError('VALIDATION_ERROR', 400, COMPLIMENTARY_END_TOO_FAR);
  }
  return end;
}

/** Locks the member's profile row: grants and ends for one member happen one at a time. */
async function lockMember(tx: Db, userId: string) {
  const [row] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
  if (!row) throw notFound(NO_MEMBER);
}

/**
 * A complimentary membership: a `subscriptions` row (provider `complimentary`, active, ending at `end`,
 * cancel_at_period_end so that it never renews). Refused when she already pays or already has one. The
 * member row is locked first, so concurrent grants make one membership and one audit entry.
 */
export async function grantComplimentary(
  db: Db,
  actorId: string,
  userId: string,
  grant: ComplimentaryGrant,
  now = new Date(),
): Promise<void> {
  const end = complimentaryEnd(grant, now);
  await findCurrentSubscription(db, userId, now);
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
      .orderBy(desc(subscriptions.currentPeriodEnd))
      .limit(builderLimit(20));
    const live = current.filter((row) => !(row.cancelAtPeriodEnd && row.currentPeriodEnd <= now));
    const complimentary = live.find((row) => row.provider === 'complimentary');
    if (complimentary) {
      throw conflict(
        `She already has a complimentary membership until ${dateText(complimentary.currentPeriodEnd)}: end it first to grant another`,
      );
    }
    // A paused membership resumes (and charges her) by itself: a free period would overlap a paid one.
    const [paused] = await tx
      .select({ pausedUntil: subscriptions.pausedUntil })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'paused')))
      .limit(1);
    if (paused) {
      throw conflict(
        `Her membership is paused${paused.pausedUntil ? ` until ${dateText(paused.pausedUntil)}` : ''}: it resumes by itself, so a complimentary one is not possible now`,
      );
    }
    const paid = live[0];
    if (paid) {
      throw conflict(
        `She already has a paid membership (until ${dateText(paid.currentPeriodEnd)}): a complimentary one is not needed`,
      );
    }
    await tx.insert(subscriptions).values({
      userId,
      provider: 'complimentary',
      providerSubscriptionId: `comp_${randomUUID()}`,
      providerCustomerId: userId,
      status: 'active',
      productId: COMPLIMENTARY_PRODUCT_ID,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: true,
    });
    await refreshMembershipStatus(tx, userId);
    await tx.insert(auditLog).values({
      actorId,
      action: 'member.complimentary_grant',
      targetType: 'user',
      targetId: userId,
      details: { userId, endsAt: end.toISOString(), ...(grant.months ? { months: grant.months } : {}) },
    });
  });
  announceSessionChange(userId);
}

/** Ends her complimentary membership now (she lapses unless she pays); audited. */
export async function endComplimentary(db: Db, actorId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const ended = await tx
      .update(subscriptions)
      .set({
        status: 'canceled',
        currentPeriodEnd: sql`least(${subscriptions.currentPeriodEnd}, now())`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, 'complimentary'),
          eq(subscriptions.status, 'active'),
        ),
      )
      .returning({ id: subscriptions.id });
    if (ended.length === 0) throw notFound('She has no complimentary membership to end');
    await refreshMembershipStatus(tx, userId);
    await tx.insert(auditLog).values({
      actorId,
      action: 'member.complimentary_end',
      targetType: 'user',
      targetId: userId,
      details: { userId },
    });
  });
  announceSessionChange(userId);
}
