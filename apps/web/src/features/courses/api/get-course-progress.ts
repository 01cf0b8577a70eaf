import type { CourseProgressList } from '@lunara/shared/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getCourseProgress = () => apiFetch<CourseProgressList>('/api/courses/progress');

export const getCourseProgressQueryOptions = () =>
  queryOptions({ queryKey: ['courses', 'progress'], queryFn: getCourseProgress });

export const useCourseProgress = () => useQuery(getCourseProgressQueryOptions());
