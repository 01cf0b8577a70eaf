import type {
  AdminCourse,
  AdminCourseList,
  CourseImpact,
  CourseStatus,
  OutlineBody,
  UpdateCourseBody,
} from '@lunara/shared/content-studio';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '../../../lib/api-client.ts';

/** The admin's catalog: every course, drafts and archived ones included, in catalog order. */
export const getAdminCoursesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'content', 'courses'],
    queryFn: () => apiFetch<AdminCourseList>('/api/admin/courses'),
  });
export const useAdminCourses = () => useQuery(getAdminCoursesQueryOptions());

export const getAdminCourse = (courseId: number) => apiFetch<AdminCourse>(`/api/admin/courses/${courseId}`);
export const getAdminCourseQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: ['admin', 'content', 'course', courseId], queryFn: () => getAdminCourse(courseId) });
export const useAdminCourse = (courseId: number) => useQuery(getAdminCourseQueryOptions(courseId));

/** Keeps a course the server answered with: its editor shows it at once, the catalog loads again. */
export function useRememberAdminCourse() {
  const queryClient = useQueryClient();
  return useCallback(
    (course: AdminCourse) => {
      queryClient.setQueryData(getAdminCourseQueryOptions(course.id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: getAdminCoursesQueryOptions().queryKey });
    },
    [queryClient],
  );
}

export const createCourse = ({ title, idempotencyKey }: { title: string; idempotencyKey: string }) =>
  apiFetch<AdminCourse>('/api/admin/courses', { method: 'POST', body: { title }, idempotencyKey });

export const updateCourse = (courseId: number, body: UpdateCourseBody) =>
  apiFetch<AdminCourse>(`/api/admin/courses/${courseId}`, { method: 'PATCH', body });

export const setCourseStatus = (courseId: number, body: { version: number; status: CourseStatus }) =>
  apiFetch<AdminCourse>(`/api/admin/courses/${courseId}/status`, { method: 'POST', body });

export const duplicateCourse = (courseId: number) =>
  apiFetch<AdminCourse>(`/api/admin/courses/${courseId}/duplicate`, { method: 'POST', body: {} });

export const getCourseImpact = (courseId: number) => apiFetch<CourseImpact>(`/api/admin/courses/${courseId}/impact`);

export const deleteCourse = (courseId: number) =>
  apiFetch<null>(`/api/admin/courses/${courseId}`, { method: 'DELETE' });

export const reorderCourses = (courseIds: number[]) =>
  apiFetch<null>('/api/admin/courses/order', { method: 'PUT', body: { courseIds } });

export const addModule = (courseId: number, title: string) =>
  apiFetch<AdminCourse>(`/api/admin/courses/${courseId}/modules`, { method: 'POST', body: { title } });

export const renameModule = (moduleId: string, title: string) =>
  apiFetch<AdminCourse>(`/api/admin/modules/${moduleId}`, { method: 'PATCH', body: { title } });

export const deleteModule = (moduleId: string) =>
  apiFetch<AdminCourse>(`/api/admin/modules/${moduleId}`, { method: 'DELETE' });

export const saveOutline = (courseId: number, body: OutlineBody) =>
  apiFetch<AdminCourse>(`/api/admin/courses/${courseId}/outline`, { method: 'PUT', body });
