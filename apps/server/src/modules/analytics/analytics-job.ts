import { ADMIN_PRODUCT_ID, type Discount, type PlanInterval, SUBSCRIBED_STATUSES } from '@lunara/shared/billing';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { periodAmountCents } from '../plans/period-amount.ts';

/**
 * The analytics job (issue 33): computes each day's figures into analytics_daily, from indexed
 * created_at ranges of that one day (posts, comments, messages, sign-ups, lessons completed, rituals,
 * cancellations) and the subscriptions as they stood at the day's end. A day's rows are replaced whole
 * in one transaction under an advisory lock on that day: a rerun, or two processes at once, give the
 * same numbers. Days are UTC days.
 */

export const DAY_MS = 86_400_000;
/** Finished days computed per tick at most (a long history fills in over a few ticks). */
export const CATCH_UP_BATCH = 90;
/** advisory lock namespace ('ana'); the second key is the day's number since 1970-01-01. */
const LOCK_NAMESPACE = 0x616e61;
/** A membership that ended (churn); `paused` and `incomplete` are neither active nor ended. */
export const ENDED_STATUSES = ['canceled', 'unpaid', 'incomplete_expired'] as const;
const PAID_PROVIDERS = ['test', 'stripe'] as const;

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayNumber = (day: string) => Math.round(dayStart(day).getTime() / DAY_MS);
export const addDays = (day: string, days: number) => dayOf(new Date(dayStart(day).getTime() + days * DAY_MS));

interface MetricRow {
  metric: string;
  dimension: string;
  value: number;
}

interface SubscriptionGroup {
  provider: string;
  status: string;
  planInterval: PlanInterval;
  amountCents: number | null;
  discount: Discount | null;
  discountOver: boolean;
  paused: boolean;
  n: number;
}

/** Members, paying subscribers, trials, complimentary memberships and MRR as they stood at `end`. */
async function subscriptionLevels(db: Db, start: Date, end: Date): Promise<MetricRow[]> {
  // Grouped by price terms, so the rows are few whatever the number of members; periodAmountCents
  // then prices each group as the receipts do. A membership that has ended was active until it ended
  // (ended_at, stamped by a trigger on the change of status). A pause she scheduled begins when her paid
  // period ends: she is paying (MRR) until then.
  const groups = await queryRows<SubscriptionGroup>(
    db,
    sql`select provider, status, plan_interval as "planInterval", amount_cents as "amountCents", discount,
        coalesce(discount_ends_at <= ${start.toISOString()}::timestamptz, false) as "discountOver",
        coalesce(paused_until > ${end.toISOString()}::timestamptz
          and current_period_end <= ${end.toISOString()}::timestamptz, false) as paused,
        count(*)::int as n
      from subscriptions
      where product_id <> ${ADMIN_PRODUCT_ID} and created_at < ${end.toISOString()}::timestamptz
        and (status in (${list(SUBSCRIBED_STATUSES)})
          or (status in (${list(ENDED_STATUSES)}) and ended_at >= ${end.toISOString()}::timestamptz))
      group by 1, 2, 3, 4, 5, 6, 7`,
  );
  let subscribers = 0;
  let trialing = 0;
  let complimentary = 0;
  let mrr = 0;
  for (const group of groups) {
    if (group.provider === 'complimentary') {
      complimentary += group.n;
    } else if (group.status === 'trialing') {
      trialing += group.n;
    } else {
      subscribers += group.n;
      if (group.paused) continue;
      const amount = periodAmountCents(
        {
          amountCents: group.amountCents,
          discount: group.discount,
          discountEndsAt: group.discountOver ? new Date(0) : null,
        },
        start,
      );
      mrr += (group.planInterval === 'year' ? amount / 12 : amount) * group.n;
    }
  }
  return [
    { metric: 'mrrCents', dimension: '', value: Math.round(mrr) },
    { metric: 'subscribers', dimension: '', value: subscribers },
    { metric: 'trialing', dimension: '', value: trialing },
    { metric: 'complimentary', dimension: '', value: complimentary },
  ];
}

/** Every figure of one day: counts over that day's index range of each table. */
export async function computeDay(db: Db, day: string): Promise<MetricRow[]> {
  const start = dayStart(day);
  const end = new Date(start.getTime() + DAY_MS);
  const s = sql`${start.toISOString()}::timestamptz`;
  const e = sql`${end.toISOString()}::timestamptz`;
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from profiles where created_at >= ${s} and created_at < ${e}) as signups,
      (select count(*)::int from posts where created_at >= ${s} and created_at < ${e}) as posts,
      (select count(*)::int from post_comments where created_at >= ${s} and created_at < ${e}) as comments,
      (select count(*)::int from messages where created_at >= ${s} and created_at < ${e}) as messages,
      (select count(*)::int from subscriptions n
        where n.created_at >= ${s} and n.created_at < ${e} and n.provider in (${list(PAID_PROVIDERS)})
          and n.product_id <> ${ADMIN_PRODUCT_ID}
          and not exists (select 1 from subscriptions p where p.user_id = n.user_id
            and p.provider in (${list(PAID_PROVIDERS)}) and p.product_id <> ${ADMIN_PRODUCT_ID}
            and p.created_at < n.created_at)) as conversions,
      (select count(*)::int from subscriptions
        where ended_at >= ${s} and ended_at < ${e} and status in (${list(ENDED_STATUSES)})
          and provider in (${list(PAID_PROVIDERS)}) and product_id <> ${ADMIN_PRODUCT_ID}) as churned,
      (select count(*)::int from analytics_member_days where day = ${day}::date) as "dailyActive",
      (select count(distinct user_id)::int from analytics_member_days
        where day > ${day}::date - 7 and day <= ${day}::date) as "weeklyActive"`,
  );
  const rows: MetricRow[] = Object.entries(counts ?? {}).map(([metric, value]) => ({
    metric,
    dimension: '',
    value: Number(value),
  }));

  const dimensioned = await queryRows<MetricRow>(
    db,
    sql`with done as (
        select p.course_id, p.lesson_id,
          not exists (select 1 from user_progress q where q.user_id = p.user_id and q.course_id = p.course_id
            and (q.completed_at, q.id) < (p.completed_at, p.id)) as first,
          (select count(*) from user_progress q where q.user_id = p.user_id and q.course_id = p.course_id
            and q.completed and (q.completed_at, q.id) <= (p.completed_at, p.id))
            >= (select count(*) from lessons l where l.course_id = p.course_id) as finished
        -- (completed_at, id): of lessons completed at the same instant, one is first and one is last.
        from user_progress p
        where p.completed_at >= ${s} and p.completed_at < ${e} and p.completed)
      select 'courseStarts' as metric, course_id::text as dimension, count(*)::int as value
        from done where first group by course_id
      union all
      select 'courseCompletions', course_id::text, count(*)::int from done where finished group by course_id
      union all
      select 'lessonCompletions', lesson_id, count(*)::int from done group by lesson_id
      union all
      select 'rituals', moon_phase, count(*)::int from daily_rituals
        where completed_at >= ${s} and completed_at < ${e} group by moon_phase
      union all
      select 'cancellations', coalesce(reason, 'unspecified'), count(*)::int from membership_cancellations
        where created_at >= ${s} and created_at < ${e} group by 2`,
  );
  // Each dimensioned metric also gets its day's total ('' dimension) for the time series.
  const totals = new Map<string, number>();
  for (const row of dimensioned) {
    rows.push({ ...row, value: Number(row.value) });
    if (row.metric !== 'lessonCompletions') totals.set(row.metric, (totals.get(row.metric) ?? 0) + Number(row.value));
  }
  for (const metric of ['courseStarts', 'courseCompletions', 'rituals', 'cancellations']) {
    rows.push({ metric, dimension: '', value: totals.get(metric) ?? 0 });
  }
  rows.push(...(await subscriptionLevels(db, start, end)));
  return rows.filter((row) => row.value !== 0);
}

/**
 * Computes and stores one day, unless another process holds that day right now (it is computing the
 * same numbers). Returns whether this call stored it.
 */
export async function storeDay(db: Db, day: string, final: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, ${dayNumber(day)}) as locked`,
    );
    if (!lock?.locked) return false;
    const rows = await computeDay(tx, day);
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    if (rows.length > 0) {
      await tx.execute(
        sql`insert into analytics_daily (day, metric, dimension, value) values ${sql.join(
          rows.map((row) => sql`(${day}::date, ${row.metric}, ${row.dimension}, ${row.value})`),
          sql`, `,
        )}`,
      );
    }
    await tx.execute(
      sql`insert into analytics_days (day, final, computed_at) values (${day}::date, ${final}, now())
        on conflict (day) do update set final = excluded.final, computed_at = excluded.computed_at`,
    );
    return true;
  });
}

/**
 * One tick: today again (its partial figures), then up to CATCH_UP_BATCH finished days not yet final,
 * newest first, from the first member's sign-up day. Returns the days stored.
 */
export async function runAnalyticsJob(db: Db, now = new Date()): Promise<number> {
  const today = dayOf(now);
  let stored = (await storeDay(db, today, false)) ? 1 : 0;
  const [first] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') as day from profiles`,
  );
  if (!first?.day || first.day >= today) return stored;
  const due = await queryRows<{ day: string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${first.day}::date, ${today}::date - 1, interval '1 day') as d
      where not exists (select 1 from analytics_days a where a.day = d::date and a.final)
      order by d desc limit ${CATCH_UP_BATCH}`,
  );
  for (const { day } of due) if (await storeDay(db, day, true)) stored++;
  return stored;
}
