import { SUBSCRIBED_STATUSES } from '@lunara/shared/billing';
import { MEMBER_EXPORT_COLUMNS } from '@lunara/shared/member-admin';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { user } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { userPoints } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';

/** Rows read per page: the export is written page by page, never held whole in memory. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * One CSV cell: a value a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is
 * prefixed with an apostrophe (OWASP's CSV injection advice); every cell is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const csvLine = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`;

/** Her plan now: the newest subscribed row's (complimentary, monthly or yearly), or empty. */
const planOf = sql<string | null>`(
  select case when s.provider = 'complimentary' then 'complimentary'
              when s.product_id = 'admin_access' then 'admin access'
              when s.plan_interval = 'year' then 'yearly' else 'monthly' end
  from ${subscriptions} s
  where s.user_id = ${profiles.id} and s.status in (${sql.raw(SUBSCRIBED_STATUSES.map((status) => `'${status}'`).join(', '))})
  order by s.current_period_end desc
  limit 1)`;

/** The members as CSV lines, newest first, read a page at a time on (created_at, id). */
export async function* memberCsv(db: Db): AsyncGenerator<string> {
  yield csvLine([...MEMBER_EXPORT_COLUMNS]);
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: profiles.id,
        createdAt: profiles.createdAt,
        name: profiles.displayName,
        email: user.email,
        status: profiles.membershipStatus,
        plan: planOf,
        points: userPoints.points,
        level: userPoints.level,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .leftJoin(userPoints, eq(userPoints.userId, profiles.id))
      .where(
        after
          ? sql`(${profiles.createdAt}, ${profiles.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      )
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(builderLimit(EXPORT_PAGE_SIZE));
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        row.name,
        row.email,
        row.createdAt.toISOString().slice(0, 10),
        row.status,
        row.plan ?? '',
        row.points ?? 0,
        row.level ?? 1,
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (rows.length < EXPORT_PAGE_SIZE || !last) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
