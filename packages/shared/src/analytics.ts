import { z } from 'zod';
import { positiveInt32Param } from './params.ts';

/** The admin Analytics tab (issue 33): ranges, series and the one answer the tab reads. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '365d', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '365d': '12 months',
  all: 'All time',
};
export const ANALYTICS_RANGE_DAYS: Record<Exclude<AnalyticsRange, 'all'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};
/** Ranges longer than this are shown week by week (levels at the week's last day, flows summed). */
export const ANALYTICS_DAILY_MAX_DAYS = 90;

/** Each series the tab charts, also its CSV's name (`/api/admin/analytics/<series>.csv`). */
export const ANALYTICS_SERIES = [
  'revenue',
  'growth',
  'churn',
  'cancellation-reasons',
  'active-members',
  'activity',
  'courses',
  'lesson-dropoff',
  'rituals',
] as const;
export type AnalyticsSeries = (typeof ANALYTICS_SERIES)[number];

export const INVALID_RANGE = `Choose a range: ${ANALYTICS_RANGES.join(', ')}`;

export const analyticsQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES, { message: INVALID_RANGE }).default('30d'),
  courseId: positiveInt32Param('The course id must be a positive whole number').optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsSeriesParamsSchema = z.object({
  series: z.enum(ANALYTICS_SERIES, { message: `Choose a series: ${ANALYTICS_SERIES.join(', ')}` }),
});

/** One day (or week) of every dimensionless series. */
export const analyticsPointSchema = z.object({
  /** The day, or the Monday of the week (YYYY-MM-DD, UTC). */
  period: z.string(),
  mrrCents: z.number().int(),
  subscribers: z.number().int(),
  trialing: z.number().int(),
  complimentary: z.number().int(),
  signups: z.number().int(),
  conversions: z.number().int(),
  churned: z.number().int(),
  cancellations: z.number().int(),
  dailyActive: z.number().int(),
  weeklyActive: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  messages: z.number().int(),
  courseStarts: z.number().int(),
  courseCompletions: z.number().int(),
  rituals: z.number().int(),
});
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;
export type AnalyticsPointKey = Exclude<keyof AnalyticsPoint, 'period'>;

export const analyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  bucket: z.enum(['day', 'week']),
  from: z.string(),
  to: z.string(),
  /** When the job last computed today (null before its first run). */
  computedAt: z.string().nullable(),
  kpis: z.object({
    mrrCents: z.number().int(),
    /** MRR now less MRR at the range's start. */
    mrrChangeCents: z.number().int(),
    subscribers: z.number().int(),
    newMembers: z.number().int(),
    churned: z.number().int(),
  }),
  points: z.array(analyticsPointSchema),
  cancellationReasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int() })),
  courses: z.array(
    z.object({
      courseId: z.number().int(),
      title: z.string(),
      starts: z.number().int(),
      completions: z.number().int(),
    }),
  ),
  lessonDropoff: z
    .object({
      courseId: z.number().int(),
      title: z.string(),
      /** Members who completed each lesson, all time, in the course's order. */
      lessons: z.array(z.object({ lessonId: z.string(), title: z.string(), reached: z.number().int() })),
    })
    .nullable(),
  ritualPhases: z.array(z.object({ phase: z.string(), label: z.string(), count: z.number().int() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed, and a leading = + - @ tab or CR defused with ' (spreadsheet formulas). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRows(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
