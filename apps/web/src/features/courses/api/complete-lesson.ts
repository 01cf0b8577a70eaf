import type { CompleteLessonResponse } from '@lunara/shared/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { getContinueLearningQueryOptions } from './get-continue.ts';
import { courseDetailKey } from './get-course.ts';
import { getCourseProgressQueryOptions } from './get-course-progress.ts';
import { getJourneyQueryOptions } from './get-journey.ts';
import { courseLessonsKey, lessonApiPath } from './get-lesson.ts';

export const completeLesson = (courseId: string, lessonId: string) =>
  apiFetch<CompleteLessonResponse>(`${lessonApiPath(courseId, lessonId)}/complete`, { method: 'POST', body: {} });

/**
 * "Start Lesson" and "Mark complete": marks it complete with the spec's toasts, then refreshes everything
 * that shows progress. The callbacks live here, not in mutate(), so they still run when the page that
 * started it has moved on to the lesson page.
 */
export function useCompleteLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => completeLesson(courseId, lessonId),
    onSuccess: async (result) => {
      if (result.newlyCompleted) toast.success('Lesson completed! 🎉');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: courseDetailKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: courseLessonsKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: getCourseProgressQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getJourneyQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getContinueLearningQueryOptions().queryKey }),
      ]);
    },
    onError: () => toast.error('Failed to save progress'),
  });
}
