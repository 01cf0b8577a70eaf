import type { CourseDetail } from '@lunara/shared/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getCourse = (courseId: string) => apiFetch<CourseDetail>(`/api/courses/${encodeURIComponent(courseId)}`);

export const getCourseQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: ['courses', 'detail', courseId], queryFn: () => getCourse(courseId) });

export const useCourse = (courseId: string) => useQuery(getCourseQueryOptions(courseId));
