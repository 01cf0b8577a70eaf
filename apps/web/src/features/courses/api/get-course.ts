import type { CourseDetail } from '@lunara/shared/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** `?preview=1`: an admin sees the course as a member would (drafts included); the server ignores it for others. */
export const previewQuery = (preview: boolean) => (preview ? '?preview=1' : '');

export const getCourse = (courseId: string, preview = false) =>
  apiFetch<CourseDetail>(`/api/courses/${encodeURIComponent(courseId)}${previewQuery(preview)}`);

/** Every view of one course (as a member and as a preview): what a change to its progress invalidates. */
export const courseDetailKey = (courseId: string) => ['courses', 'detail', courseId] as const;

export const getCourseQueryOptions = (courseId: string, preview = false) =>
  queryOptions({
    queryKey: [...courseDetailKey(courseId), { preview }],
    queryFn: () => getCourse(courseId, preview),
  });

export const useCourse = (courseId: string, preview = false) => useQuery(getCourseQueryOptions(courseId, preview));
