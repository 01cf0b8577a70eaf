import type { LessonContent } from '@lunara/shared/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { previewQuery } from './get-course.ts';

export const lessonApiPath = (courseId: string, lessonId: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;

export const getLesson = (courseId: string, lessonId: string, preview = false) =>
  apiFetch<LessonContent>(`${lessonApiPath(courseId, lessonId)}${previewQuery(preview)}`);

/** Every lesson of one course: completing one may open the next, so they are refreshed together. */
export const courseLessonsKey = (courseId: string) => ['courses', 'lesson', courseId] as const;

export const getLessonQueryOptions = (courseId: string, lessonId: string, preview = false) =>
  queryOptions({
    queryKey: [...courseLessonsKey(courseId), lessonId, { preview }],
    queryFn: () => getLesson(courseId, lessonId, preview),
    // A video position read a minute ago is already stale: she may have watched on.
    staleTime: 0,
  });

export const useLesson = (courseId: string, lessonId: string, preview = false) =>
  useQuery(getLessonQueryOptions(courseId, lessonId, preview));
