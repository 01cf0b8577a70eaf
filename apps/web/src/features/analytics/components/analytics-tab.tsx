import {
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  type Analytics,
  type AnalyticsPoint,
  type AnalyticsRange,
} from '@lunara/shared/analytics';
import { formatPrice } from '@lunara/shared/money';
import { useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { analyticsCsvHref, useAnalytics } from '../api/get-analytics.ts';
import { ChartCard } from './chart-card.tsx';

// Design tokens: they flip with the theme (styles/themes.css), so the charts follow dark mode.
const COLORS = {
  a: 'var(--color-night-600)',
  b: 'var(--color-gold-500)',
  c: 'var(--color-rose-500)',
  grid: 'var(--color-line)',
  text: 'var(--color-ink-muted)',
};
const AXIS = { stroke: COLORS.grid, tick: { fill: COLORS.text, fontSize: 12 }, tickLine: false } as const;
const TOOLTIP = {
  contentStyle: {
    background: 'var(--color-white)',
    border: '1px solid var(--color-line)',
    borderRadius: 8,
    color: 'var(--color-ink)',
  },
  labelStyle: { color: 'var(--color-ink)' },
  cursor: { fill: 'var(--color-moon-100)', stroke: 'var(--color-line)' },
} as const;

const number = new Intl.NumberFormat('en-US');
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const periodLabel = (period: string) => shortDate.format(new Date(`${period}T00:00:00Z`));
const money = (cents: number) => formatPrice(Math.round(cents));
const sum = (points: AnalyticsPoint[], key: keyof Omit<AnalyticsPoint, 'period'>) =>
  points.reduce((total, point) => total + point[key], 0);

function Kpi({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-display text-2xl text-night-900 tabular-nums sm:text-3xl">{value}</dd>
      {note && <dd className="text-xs text-ink-muted">{note}</dd>}
    </Card>
  );
}

/** The admin "Analytics" tab: KPI tiles and a chart per series, each with its table and CSV. */
export default function AnalyticsTab() {
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const [courseId, setCourseId] = useState<number | undefined>();
  const analytics = useAnalytics(range, courseId);
  const data = analytics.data;
  return (
    <section aria-labelledby="analytics-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="analytics-heading" className="text-2xl text-night-900">
            Analytics
          </h2>
          <p className="text-sm text-ink-muted">
            Revenue, growth and engagement, from daily figures updated every five minutes (UTC days).
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-1 rounded-[var(--radius-control)] border border-line bg-white p-1">
          <legend className="sr-only">Range</legend>
          {ANALYTICS_RANGES.map((option) => (
            <label
              key={option}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-500',
                option === range ? 'bg-night-900 text-moon-50' : 'text-ink hover:bg-moon-100',
              )}
            >
              <input
                type="radio"
                name="analytics-range"
                value={option}
                checked={option === range}
                onChange={() => setRange(option)}
                className="sr-only"
              />
              {ANALYTICS_RANGE_LABELS[option]}
            </label>
          ))}
        </fieldset>
      </div>
      {analytics.isPending ? (
        <div role="status" className="flex items-center gap-2 text-ink-muted">
          <Spinner /> Loading analytics...
        </div>
      ) : analytics.isError || !data ? (
        <LoadError message="Failed to load analytics" query={analytics} />
      ) : (
        <AnalyticsBody data={data} range={range} courseId={courseId} onCourse={setCourseId} />
      )}
    </section>
  );
}

function AnalyticsBody({
  data,
  range,
  courseId,
  onCourse,
}: {
  data: Analytics;
  range: AnalyticsRange;
  courseId: number | undefined;
  onCourse: (id: number) => void;
}) {
  const points = data.points.map((point) => ({ ...point, label: periodLabel(point.period) }));
  const per = data.bucket === 'week' ? 'week' : 'day';
  const rangeText = ANALYTICS_RANGE_LABELS[range].toLowerCase();
  const csv = (series: Parameters<typeof analyticsCsvHref>[0]) => analyticsCsvHref(series, range, courseId);
  const periodRows = (cells: (point: AnalyticsPoint) => Array<string | number>) =>
    data.points.map((point) => ({ key: point.period, cells: [point.period, ...cells(point)] }));
  const first = data.points[0];
  const last = data.points.at(-1);
  const change = data.kpis.mrrChangeCents;
  const reasonsGiven = data.cancellationReasons.filter((reason) => reason.count > 0);
  const topReason = [...reasonsGiven].sort((a, b) => b.count - a.count)[0];
  const peakActive = Math.max(0, ...data.points.map((point) => point.dailyActive));
  const dropoff = data.lessonDropoff;
  const topPhase = [...data.ritualPhases].sort((a, b) => b.count - a.count)[0];
  const periodColumn = per === 'week' ? 'Week starting' : 'Day';

  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Kpi
          label="MRR"
          value={money(data.kpis.mrrCents)}
          note={`${change >= 0 ? '+' : '−'}${money(Math.abs(change))} over ${rangeText}`}
        />
        <Kpi label="Active subscribers" value={number.format(data.kpis.subscribers)} />
        <Kpi label="New members" value={number.format(data.kpis.newMembers)} note={`in ${rangeText}`} />
        <Kpi label="Churn" value={number.format(data.kpis.churned)} note={`memberships ended in ${rangeText}`} />
      </dl>

      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Monthly recurring revenue"
          series="revenue"
          csvHref={csv('revenue')}
          summary={`MRR went from ${money(first?.mrrCents ?? 0)} to ${money(last?.mrrCents ?? 0)} over ${rangeText}; yearly plans count a twelfth, discounts while they last.`}
          table={{ columns: [periodColumn, 'MRR'], rows: periodRows((p) => [money(p.mrrCents)]) }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={points} accessibilityLayer={false} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid stroke={COLORS.grid} vertical={false} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={56} tickFormatter={(cents: number) => money(cents)} />
              <Tooltip {...TOOLTIP} formatter={(value) => money(Number(value))} />
              <Area
                type="monotone"
                dataKey="mrrCents"
                name="MRR"
                stroke={COLORS.a}
                fill={COLORS.a}
                fillOpacity={0.15}
                strokeWidth={2}
              />
            </AreaChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Subscribers"
          series="revenue"
          csvHref={csv('revenue')}
          summary={`${number.format(last?.subscribers ?? 0)} paying, ${number.format(last?.trialing ?? 0)} on a trial and ${number.format(last?.complimentary ?? 0)} complimentary now (${number.format(first?.subscribers ?? 0)} paying at the start).`}
          table={{
            columns: [periodColumn, 'Paying', 'Trialing', 'Complimentary'],
            rows: periodRows((p) => [p.subscribers, p.trialing, p.complimentary]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} accessibilityLayer={false} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid stroke={COLORS.grid} vertical={false} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={40} allowDecimals={false} />
              <Tooltip {...TOOLTIP} />
              <Legend wrapperStyle={{ color: COLORS.text, fontSize: 12 }} />
              <Line type="monotone" dataKey="subscribers" name="Paying" stroke={COLORS.a} strokeWidth={2} dot={false} />
              <Line type="monotone" dataKey="trialing" name="Trialing" stroke={COLORS.b} strokeWidth={2} dot={false} />
              <Line
                type="monotone"
                dataKey="complimentary"
                name="Complimentary"
                stroke={COLORS.c}
                strokeWidth={2}
                dot={false}
                strokeDasharray="4 3"
              />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Sign-ups and conversions"
          series="growth"
          csvHref={csv('growth')}
          summary={`${number.format(sum(data.points, 'signups'))} new members and ${number.format(sum(data.points, 'conversions'))} first paid memberships over ${rangeText}, per ${per}.`}
          table={{
            columns: [periodColumn, 'New members', 'Conversions'],
            rows: periodRows((p) => [p.signups, p.conversions]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} accessibilityLayer={false} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid stroke={COLORS.grid} vertical={false} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={40} allowDecimals={false} />
              <Tooltip {...TOOLTIP} />
              <Legend wrapperStyle={{ color: COLORS.text, fontSize: 12 }} />
              <Bar dataKey="signups" name="New members" fill={COLORS.a} radius={[3, 3, 0, 0]} />
              <Bar dataKey="conversions" name="Conversions to paid" fill={COLORS.b} radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Churn and cancellations"
          series="churn"
          csvHref={csv('churn')}
          summary={`${number.format(data.kpis.churned)} memberships ended and ${number.format(sum(data.points, 'cancellations'))} cancellations were made over ${rangeText}.`}
          table={{
            columns: [periodColumn, 'Ended', 'Cancellations'],
            rows: periodRows((p) => [p.churned, p.cancellations]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} accessibilityLayer={false} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid stroke={COLORS.grid} vertical={false} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={40} allowDecimals={false} />
              <Tooltip {...TOOLTIP} />
              <Legend wrapperStyle={{ color: COLORS.text, fontSize: 12 }} />
              <Bar dataKey="churned" name="Memberships ended" fill={COLORS.c} radius={[3, 3, 0, 0]} />
              <Bar dataKey="cancellations" name="Cancellations" fill={COLORS.b} radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Why members cancel"
          series="cancellation-reasons"
          csvHref={csv('cancellation-reasons')}
          summary={
            topReason
              ? `The most given reason over ${rangeText}: ${topReason.label} (${number.format(topReason.count)}).`
              : `No cancellations over ${rangeText}.`
          }
          table={{
            columns: ['Reason', 'Cancellations'],
            rows: data.cancellationReasons.map((r) => ({ key: r.reason, cells: [r.label, r.count] })),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={data.cancellationReasons}
              layout="vertical"
              accessibilityLayer={false}
              margin={{ left: 4, right: 16 }}
            >
              <CartesianGrid stroke={COLORS.grid} horizontal={false} />
              <XAxis type="number" {...AXIS} allowDecimals={false} />
              <YAxis type="category" dataKey="label" {...AXIS} width={120} interval={0} />
              <Tooltip {...TOOLTIP} />
              <Bar dataKey="count" name="Cancellations" fill={COLORS.c} radius={[0, 3, 3, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Active members"
          series="active-members"
          csvHref={csv('active-members')}
          summary={`Members who used the app while signed in: ${number.format(last?.dailyActive ?? 0)} today, ${number.format(last?.weeklyActive ?? 0)} in the last 7 days; at most ${number.format(peakActive)} on one day${per === 'week' ? ' (weekly averages)' : ''}.`}
          table={{
            columns: [periodColumn, 'Daily active', 'Weekly active'],
            rows: periodRows((p) => [p.dailyActive, p.weeklyActive]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} accessibilityLayer={false} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid stroke={COLORS.grid} vertical={false} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={40} allowDecimals={false} />
              <Tooltip {...TOOLTIP} />
              <Legend wrapperStyle={{ color: COLORS.text, fontSize: 12 }} />
              <Line
                type="monotone"
                dataKey="dailyActive"
                name="Daily active"
                stroke={COLORS.a}
                strokeWidth={2}
                dot={false}
              />
              <Line
                type="monotone"
                dataKey="weeklyActive"
                name="Weekly active"
                stroke={COLORS.b}
                strokeWidth={2}
                dot={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Posts, comments and messages"
          series="activity"
          csvHref={csv('activity')}
          summary={`${number.format(sum(data.points, 'posts'))} posts, ${number.format(sum(data.points, 'comments'))} comments and ${number.format(sum(data.points, 'messages'))} messages over ${rangeText}, per ${per}.`}
          table={{
            columns: [periodColumn, 'Posts', 'Comments', 'Messages'],
            rows: periodRows((p) => [p.posts, p.comments, p.messages]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} accessibilityLayer={false} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid stroke={COLORS.grid} vertical={false} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={48} allowDecimals={false} />
              <Tooltip {...TOOLTIP} />
              <Legend wrapperStyle={{ color: COLORS.text, fontSize: 12 }} />
              <Bar dataKey="posts" name="Posts" stackId="activity" fill={COLORS.a} />
              <Bar dataKey="comments" name="Comments" stackId="activity" fill={COLORS.b} />
              <Bar dataKey="messages" name="Messages" stackId="activity" fill={COLORS.c} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Ritual practice by moon phase"
          series="rituals"
          csvHref={csv('rituals')}
          summary={
            topPhase && topPhase.count > 0
              ? `${number.format(sum(data.points, 'rituals'))} rituals practised over ${rangeText}, most under the ${topPhase.label} (${number.format(topPhase.count)}).`
              : `No rituals practised over ${rangeText}.`
          }
          table={{
            columns: ['Moon phase', 'Rituals'],
            rows: data.ritualPhases.map((r) => ({ key: r.phase, cells: [r.label, r.count] })),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={data.ritualPhases}
              layout="vertical"
              accessibilityLayer={false}
              margin={{ left: 4, right: 16 }}
            >
              <CartesianGrid stroke={COLORS.grid} horizontal={false} />
              <XAxis type="number" {...AXIS} allowDecimals={false} />
              <YAxis type="category" dataKey="label" {...AXIS} width={120} interval={0} />
              <Tooltip {...TOOLTIP} />
              <Bar dataKey="count" name="Rituals" fill={COLORS.a} radius={[0, 3, 3, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Course starts and completions"
          series="courses"
          csvHref={csv('courses')}
          summary={`${number.format(data.courses.reduce((n, c) => n + c.starts, 0))} course starts and ${number.format(data.courses.reduce((n, c) => n + c.completions, 0))} completions over ${rangeText}.`}
          table={{
            columns: ['Course', 'Starts', 'Completions'],
            rows: data.courses.map((c) => ({ key: String(c.courseId), cells: [c.title, c.starts, c.completions] })),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data.courses} layout="vertical" accessibilityLayer={false} margin={{ left: 4, right: 16 }}>
              <CartesianGrid stroke={COLORS.grid} horizontal={false} />
              <XAxis type="number" {...AXIS} allowDecimals={false} />
              <YAxis type="category" dataKey="title" {...AXIS} width={120} interval={0} />
              <Tooltip {...TOOLTIP} />
              <Legend wrapperStyle={{ color: COLORS.text, fontSize: 12 }} />
              <Bar dataKey="starts" name="Starts" fill={COLORS.a} radius={[0, 3, 3, 0]} />
              <Bar dataKey="completions" name="Completions" fill={COLORS.b} radius={[0, 3, 3, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>

        <ChartCard
          title="Lesson drop-off"
          series="lesson-dropoff"
          csvHref={csv('lesson-dropoff')}
          summary={
            dropoff && dropoff.lessons.length > 0
              ? `Members who completed each lesson of ${dropoff.title}, all time: ${number.format(dropoff.lessons[0]?.reached ?? 0)} the first, ${number.format(dropoff.lessons.at(-1)?.reached ?? 0)} the last.`
              : 'No course lessons yet.'
          }
          controls={
            data.courses.length > 0 && (
              <div className="flex items-center gap-2">
                <label htmlFor="analytics-course" className="text-sm text-ink">
                  Course
                </label>
                <Select
                  id="analytics-course"
                  className="h-9 max-w-72"
                  value={String(dropoff?.courseId ?? courseId ?? '')}
                  onValueChange={(value) => onCourse(Number(value))}
                  options={data.courses.map((c) => ({ value: String(c.courseId), label: c.title }))}
                />
              </div>
            )
          }
          table={{
            columns: ['Lesson', 'Members who completed it'],
            rows: (dropoff?.lessons ?? []).map((l, index) => ({
              key: l.lessonId,
              cells: [`${index + 1}. ${l.title}`, l.reached],
            })),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={(dropoff?.lessons ?? []).map((l, index) => ({ ...l, position: String(index + 1) }))}
              accessibilityLayer={false}
              margin={{ left: 4, right: 8, top: 8 }}
            >
              <CartesianGrid stroke={COLORS.grid} vertical={false} />
              <XAxis dataKey="position" {...AXIS} />
              <YAxis {...AXIS} width={40} allowDecimals={false} />
              <Tooltip {...TOOLTIP} labelFormatter={(_, payload) => String(payload?.[0]?.payload?.title ?? '')} />
              <Bar dataKey="reached" name="Completed" fill={COLORS.a} radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
    </>
  );
}
