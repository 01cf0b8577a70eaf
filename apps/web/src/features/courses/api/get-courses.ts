import type { CourseList } from '@lunara/shared/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getCourses = () => apiFetch<CourseList>('/api/courses');

export const getCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['courses'], queryFn: getCourses, staleTime: 5 * 60_000 });

export function useCourses() {
  const query = useQuery(getCoursesQueryOptions());
  return { courses: query.data?.courses ?? [], isLoading: query.isPending, error: query.error, query };
}
