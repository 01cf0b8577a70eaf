import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { circleMemberships } from '../../db/schema/circles.ts';
import { hasLiveMembership } from '../billing/community-access.ts';

/** A member with a membership that gives access now (the rule of `canUseCommunity`, without staff). */
export const isPayingMember = hasLiveMembership;

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
