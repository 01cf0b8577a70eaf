import { and, gt, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { suspensions } from '../../db/schema/suspensions.ts';

/**
 * "Active" means not lifted and not over at `at` (now unless a job runs on its own clock): expiry needs
 * nobody to act, it is only a comparison with the time.
 */
export const activeSuspensionAt = (at: SQL | Date = sql`now()`) =>
  and(isNull(suspensions.liftedAt), or(isNull(suspensions.endsAt), gt(suspensions.endsAt, at)));

/** SQL: whether this member (a column or an expression naming her id) is suspended at `at`. */
export const isSuspendedAt = (memberId: SQLWrapper, at: SQL | Date = sql`now()`) =>
  sql`exists (select 1 from ${suspensions} where ${suspensions.memberId} = ${memberId} and ${activeSuspensionAt(at)})`;
