import type { AdminCourse, AdminLesson, UpdateLessonBody } from '@lunara/shared/content-studio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getAdminLessonQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: ['admin', 'content', 'lesson', lessonId],
    queryFn: () => apiFetch<AdminLesson>(`/api/admin/lessons/${lessonId}`),
  });
export const useAdminLesson = (lessonId: string) => useQuery(getAdminLessonQueryOptions(lessonId));

export const createLesson = ({
  moduleId,
  title,
  idempotencyKey,
}: {
  moduleId: string;
  title: string;
  idempotencyKey: string;
}) =>
  apiFetch<AdminLesson>(`/api/admin/modules/${moduleId}/lessons`, { method: 'POST', body: { title }, idempotencyKey });

export const updateLesson = (lessonId: string, body: UpdateLessonBody) =>
  apiFetch<AdminLesson>(`/api/admin/lessons/${lessonId}`, { method: 'PATCH', body });

export const deleteLesson = (lessonId: string) =>
  apiFetch<AdminCourse>(`/api/admin/lessons/${lessonId}`, { method: 'DELETE' });

/** Removes an uploaded lesson file (the media module's own route; admins may remove any lesson file). */
export const deleteMedia = (mediaId: string) => apiFetch<unknown>(`/api/media/${mediaId}`, { method: 'DELETE' });
