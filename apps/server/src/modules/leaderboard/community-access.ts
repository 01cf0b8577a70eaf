import { type AnyColumn, sql } from 'drizzle-orm';
import { profiles, userRoles } from '../../db/schema/members.ts';

/**
 * The community guard's rule (`requireSubscriber({ allowStaff: true })`) as SQL, for lists of members:
 * a paying member (`membership_status` follows her subscriptions) or a moderator or an admin. The query
 * must join `profiles` on the member.
 */
export const canUseCommunity = (memberId: AnyColumn) =>
  sql`(${profiles.membershipStatus} = 'active' or exists (
    select 1 from ${userRoles} where ${userRoles.userId} = ${memberId} and ${userRoles.role} in ('moderator', 'admin')
  ))`;
