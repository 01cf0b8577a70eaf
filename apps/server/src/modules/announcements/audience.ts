import { SUBSCRIBED_STATUSES } from '@lunara/shared/billing';
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/billing.ts';
import { circleMemberships } from '../../db/schema/circles.ts';

/**
 * A paying member: a subscribed membership (SUBSCRIBED_STATUSES), with the rule of `canUseCommunity`
 * for a test membership cancelled at a period end that has passed (over, even before the provider says so).
 */
export const isPayingMember = (memberId: AnyColumn | SQL | string) => sql`exists (
  select 1 from ${subscriptions}
  where ${subscriptions.userId} = ${memberId} and ${inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])}
    and not (${subscriptions.provider} = 'test' and ${subscriptions.status} = 'active'
             and ${subscriptions.cancelAtPeriodEnd} and ${subscriptions.currentPeriodEnd} <= now()))`;

/** An approved member of the circle. */
export const isCircleMember = (memberId: AnyColumn | SQL | string, circleId: AnyColumn | SQL | string) => sql`exists (
  select 1 from ${circleMemberships}
  where ${circleMemberships.circleId} = ${circleId} and ${circleMemberships.userId} = ${memberId}
    and ${circleMemberships.status} = 'approved')`;

/** Whether an announcement (its audience and circle columns) is for this member. */
export const isInAudience = (
  memberId: AnyColumn | SQL | string,
  audience: AnyColumn | SQL,
  circleId: AnyColumn | SQL,
) => sql`(${audience} = 'all'
  or (${audience} = 'paying' and ${isPayingMember(memberId)})
  or (${audience} = 'circle' and ${isCircleMember(memberId, circleId)}))`;
