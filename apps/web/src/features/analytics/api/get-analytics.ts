import type { Analytics, AnalyticsRange, AnalyticsSeries } from '@lunara/shared/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const query = (range: AnalyticsRange, courseId?: number) => {
  const params = new URLSearchParams({ range });
  if (courseId !== undefined) params.set('courseId', String(courseId));
  return params.toString();
};

export const getAnalyticsQueryOptions = (range: AnalyticsRange, courseId?: number) =>
  queryOptions({
    queryKey: ['admin', 'analytics', range, courseId ?? null],
    queryFn: () => apiFetch<Analytics>(`/api/admin/analytics?${query(range, courseId)}`),
  });

/** Every series of a range; the previous range stays on screen while the next one loads. */
export const useAnalytics = (range: AnalyticsRange, courseId?: number) =>
  useQuery({ ...getAnalyticsQueryOptions(range, courseId), placeholderData: keepPreviousData });

export const analyticsCsvHref = (series: AnalyticsSeries, range: AnalyticsRange, courseId?: number) =>
  `/api/admin/analytics/${series}.csv?${query(range, courseId)}`;
