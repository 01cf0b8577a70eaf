import {
  ANALYTICS_DAILY_MAX_DAYS,
  ANALYTICS_RANGE_DAYS,
  type Analytics,
  type AnalyticsPoint,
  type AnalyticsPointKey,
  type AnalyticsQuery,
  type AnalyticsSeries,
  csvRows,
} from '@lunara/shared/analytics';
import { CANCELLATION_REASON_LABELS, CANCELLATION_REASONS } from '@lunara/shared/billing';
import { MOON_PHASES } from '@lunara/shared/moon';
import { MOON_PHASE_KEYS } from '@lunara/shared/rituals';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { addDays, dayOf, storeDay } from './analytics-job.ts';

export async function recordActiveDay(db: Db, day: string, userId: string): Promise<void> {
  await db.execute(
    sql`insert into analytics_member_days (day, user_id) values (${day}::date, ${userId}) on conflict do nothing`,
  );
}

const POINT_KEYS: AnalyticsPointKey[] = [
  'mrrCents',
  'subscribers',
  'trialing',
  'complimentary',
  'signups',
  'conversions',
  'churned',
  'cancellations',
  'dailyActive',
  'weeklyActive',
  'posts',
  'comments',
  'messages',
  'courseStarts',
  'courseCompletions',
  'rituals',
];
/** Levels: a week shows its last day. Daily active members: the week's average. The rest are summed. */
const LEVELS = new Set<AnalyticsPointKey>(['mrrCents', 'subscribers', 'trialing', 'complimentary', 'weeklyActive']);

const UNSPECIFIED = 'unspecified';

interface BucketRow {
  metric: AnalyticsPointKey;
  period: string;
  total: number;
  last: number;
  lastDay: string;
  first: number;
  firstDay: string;
}
const mondayOf = (day: string) => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
};

/**
 * get_admin_analytics: every series of the range from analytics_daily (a few index range reads, never the
 * big tables). Today's figures come from the job's last tick; before its first, today is computed here.
 */
export async function getAnalytics(db: Db, query: AnalyticsQuery, now = new Date()): Promise<Analytics> {
  const to = dayOf(now);
  let [state] = await queryRows<{ first: string | null; computedAt: string | null }>(
    db,
    sql`select (select to_char(min(day), 'YYYY-MM-DD') from analytics_days) as first,
      (select computed_at from analytics_days where day = ${to}::date) as "computedAt"`,
  );
  if (!state?.computedAt) {
    await storeDay(db, to, false);
    [state] = await queryRows<{ first: string | null; computedAt: string | null }>(
      db,
      sql`select (select to_char(min(day), 'YYYY-MM-DD') from analytics_days) as first,
        (select computed_at from analytics_days where day = ${to}::date) as "computedAt"`,
    );
  }
  const from = query.range === 'all' ? (state?.first ?? to) : addDays(to, 1 - ANALYTICS_RANGE_DAYS[query.range]);
  const dayCount = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const bucket = dayCount > ANALYTICS_DAILY_MAX_DAYS ? 'week' : 'day';

  const [series, dimensioned, courses] = await Promise.all([
    // Grouped by period here (a week's levels at its last day, flows summed), so a long range is few rows.
    queryRows<BucketRow>(
      db,
      sql`select metric, to_char(${bucket === 'week' ? sql`date_trunc('week', day)::date` : sql`day`}, 'YYYY-MM-DD') as period,
          sum(value)::float8 as total,
          (array_agg(value order by day desc))[1]::float8 as last, to_char(max(day), 'YYYY-MM-DD') as "lastDay",
          (array_agg(value order by day))[1]::float8 as first, to_char(min(day), 'YYYY-MM-DD') as "firstDay"
        from analytics_daily
        where metric in (${sql.join(
          POINT_KEYS.map((key) => sql`${key}`),
          sql`, `,
        )}) and dimension = '' and day >= ${from}::date and day <= ${to}::date
        group by 1, 2`,
    ),
    queryRows<{ metric: string; dimension: string; value: number }>(
      db,
      sql`select metric, dimension, sum(value)::int as value from analytics_daily
        where metric in ('cancellations', 'courseStarts', 'courseCompletions', 'rituals') and dimension <> ''
          and day >= ${from}::date and day <= ${to}::date
        group by metric, dimension`,
    ),
    queryRows<{ id: number; title: string }>(
      db,
      sql`select id, title from courses where archived_at is null order by order_index, id limit 100`,
    ),
  ]);

  // Every period of the range, zero where nothing happened (days without a figure have no row).
  const empty = () => Object.fromEntries(POINT_KEYS.map((key) => [key, 0])) as Record<AnalyticsPointKey, number>;
  const periods = new Map<string, { values: Record<AnalyticsPointKey, number>; lastDay: string; days: number }>();
  for (
    let period = bucket === 'week' ? mondayOf(from) : from;
    period <= to;
    period = addDays(period, bucket === 'week' ? 7 : 1)
  ) {
    const end = bucket === 'week' ? addDays(period, 6) : period;
    const lastDay = end < to ? end : to;
    const firstDay = period > from ? period : from;
    const days = Math.round((Date.parse(lastDay) - Date.parse(firstDay)) / 86_400_000) + 1;
    periods.set(period, { values: empty(), lastDay, days });
  }
  let firstMrr = 0;
  for (const row of series) {
    const entry = periods.get(row.period);
    if (!entry) continue;
    if (row.metric === 'mrrCents' && row.firstDay === from) firstMrr = Number(row.first);
    entry.values[row.metric] = LEVELS.has(row.metric)
      ? row.lastDay === entry.lastDay
        ? Number(row.last)
        : 0
      : row.metric === 'dailyActive'
        ? Math.round(Number(row.total) / entry.days)
        : Number(row.total);
  }
  const points: AnalyticsPoint[] = [...periods].map(([period, entry]) => ({ period, ...entry.values }));

  const sums = (metric: string) =>
    new Map(dimensioned.filter((row) => row.metric === metric).map((row) => [row.dimension, Number(row.value)]));
  const starts = sums('courseStarts');
  const completions = sums('courseCompletions');
  const reasons = sums('cancellations');
  const phases = sums('rituals');
  const total = (key: AnalyticsPointKey) => points.reduce((sum, point) => sum + point[key], 0);
  const last = points.at(-1) ?? { period: to, ...empty() };

  const courseId = query.courseId ?? courses[0]?.id;
  const lessonDropoff =
    courseId === undefined ? null : await getLessonDropoff(db, courseId, query.courseId !== undefined);

  return {
    range: query.range,
    bucket,
    from,
    to,
    computedAt: state?.computedAt ? new Date(state.computedAt).toISOString() : null,
    kpis: {
      mrrCents: last.mrrCents,
      mrrChangeCents: last.mrrCents - firstMrr,
      subscribers: last.subscribers,
      newMembers: total('signups'),
      churned: total('churned'),
    },
    points,
    cancellationReasons: [...CANCELLATION_REASONS, UNSPECIFIED].map((reason) => ({
      reason,
      label: reason === UNSPECIFIED ? 'No reason given' : CANCELLATION_REASON_LABELS[reason as 'other'],
      count: reasons.get(reason) ?? 0,
    })),
    courses: courses.map((course) => ({
      courseId: course.id,
      title: course.title,
      starts: starts.get(String(course.id)) ?? 0,
      completions: completions.get(String(course.id)) ?? 0,
    })),
    lessonDropoff,
    ritualPhases: MOON_PHASE_KEYS.map((phase) => ({
      phase,
      label: MOON_PHASES.find((info) => info.key === phase)?.name ?? phase,
      count: phases.get(phase) ?? 0,
    })),
  };
}

/** How many members completed each lesson of the course, all time (its lessons' sums of daily counts). */
async function getLessonDropoff(db: Db, courseId: number, asked: boolean): Promise<Analytics['lessonDropoff']> {
  const [course] = await queryRows<{ title: string }>(db, sql`select title from courses where id = ${courseId}`);
  if (!course) {
    if (asked) throw notFound('Course not found');
    return null;
  }
  const lessons = await queryRows<{ lessonId: string; title: string; reached: number }>(
    db,
    sql`select l.id as "lessonId", l.title,
        coalesce((select sum(a.value) from analytics_daily a
          where a.metric = 'lessonCompletions' and a.dimension = l.id), 0)::int as reached
      from lessons l where l.course_id = ${courseId} order by l.position limit 500`,
  );
  return { courseId, title: course.title, lessons };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One series as CSV, a header row first (cells defused against spreadsheet formulas). */
export function analyticsCsv(data: Analytics, series: AnalyticsSeries): string {
  const periodHeader = data.bucket === 'week' ? 'Week starting' : 'Day';
  const byPeriod = (header: string[], row: (point: AnalyticsPoint) => (string | number)[]) =>
    csvRows([[periodHeader, ...header], ...data.points.map((point) => [point.period, ...row(point)])]);
  switch (series) {
    case 'revenue':
      return byPeriod(['MRR (USD)', 'Paying subscribers', 'Trialing', 'Complimentary'], (p) => [
        dollars(p.mrrCents),
        p.subscribers,
        p.trialing,
        p.complimentary,
      ]);
    case 'growth':
      return byPeriod(['New members', 'Conversions to paid'], (p) => [p.signups, p.conversions]);
    case 'churn':
      return byPeriod(['Memberships ended', 'Cancellations'], (p) => [p.churned, p.cancellations]);
    case 'active-members':
      return byPeriod(['Daily active members', 'Weekly active members'], (p) => [p.dailyActive, p.weeklyActive]);
    case 'activity':
      return byPeriod(['Posts', 'Comments', 'Messages'], (p) => [p.posts, p.comments, p.messages]);
    case 'cancellation-reasons':
      return csvRows([['Reason', 'Cancellations'], ...data.cancellationReasons.map((r) => [r.label, r.count])]);
    case 'courses':
      return csvRows([
        ['Course', 'Starts', 'Completions'],
        ...data.courses.map((c) => [c.title, c.starts, c.completions]),
      ]);
    case 'lesson-dropoff':
      return csvRows([
        ['Lesson', 'Members who completed it'],
        ...(data.lessonDropoff?.lessons ?? []).map((l) => [l.title, l.reached]),
      ]);
    case 'rituals':
      return csvRows([['Moon phase', 'Rituals practised'], ...data.ritualPhases.map((r) => [r.label, r.count])]);
  }
}
