import { SUBSCRIBED_STATUSES } from '@lunara/shared/billing';
import { isModeratorRole, ROLES } from '@lunara/shared/roles';
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/billing.ts';
import { userRoles } from '../../db/schema/members.ts';

const STAFF_ROLES = ROLES.filter(isModeratorRole);

/**
 * Whether a member may use the community (feed, forums, circles, Messages, the leaderboard), in SQL: the
 * rule of the routes' guard (`requireSubscriber({ allowStaff: true })`): a moderator or an admin, or a
 * subscribed membership. A test membership whose period is over and was cancelled at its end counts as
 * over, as the guard's read would settle it, and so does a complimentary one past its end (issue 33); one
 * that renews still counts. One rule for every list, so no list offers or ranks a member the guard would
 * turn away.
 */
/**
 * A membership that gives access now: subscribed, less a test membership cancelled at a period end that
 * has passed and a complimentary one past its end (both over, as the guard's read would settle them).
 */
export const hasLiveMembership = (memberId: AnyColumn | SQL | string) => sql`exists (
  select 1 from ${subscriptions}
  where ${subscriptions.userId} = ${memberId} and ${inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])}
    and not (${subscriptions.status} = 'active' and ${subscriptions.currentPeriodEnd} <= now()
             and (${subscriptions.provider} = 'complimentary'
                  or (${subscriptions.provider} = 'test' and ${subscriptions.cancelAtPeriodEnd}))))`;

export const canUseCommunity = (memberId: AnyColumn | SQL | string) => sql`(
  exists (select 1 from ${userRoles} where ${userRoles.userId} = ${memberId} and ${inArray(userRoles.role, STAFF_ROLES)})
  or ${hasLiveMembership(memberId)})`;

/**
 * canUseCommunity for a ranked list read in index order with a limit (the leaderboards): checked row by
 * row through the members' indexes. Left as a plain condition, the planner expects thousands of
 * candidates and hashes every subscription first (120 ms at 50,000 members, read again on every
 * recompute) though the limit stops after 50; a scalar subquery fenced by OFFSET 0 cannot be hashed, so
 * the top 50 costs about two index probes per row read.
 */
export const canUseCommunityRowByRow = (memberId: AnyColumn | SQL | string) =>
  sql`(select ${canUseCommunity(memberId)} offset 0)`;
