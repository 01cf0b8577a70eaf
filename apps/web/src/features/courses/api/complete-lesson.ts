import type { CompleteLessonResponse } from '@lunara/shared/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { getCourseQueryOptions } from './get-course.ts';
import { getCourseProgressQueryOptions } from './get-course-progress.ts';
import { getJourneyQueryOptions } from './get-journey.ts';

export const completeLesson = (courseId: string, lessonId: string) =>
  apiFetch<CompleteLessonResponse>(
    `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/complete`,
    { method: 'POST', body: {} },
  );

/** "Start Lesson": marks it complete with the spec's toasts, then refreshes everything that shows progress. */
export function useCompleteLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => completeLesson(courseId, lessonId),
    onSuccess: async (result) => {
      if (result.newlyCompleted) toast.success('Lesson completed! 🎉');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getCourseQueryOptions(courseId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCourseProgressQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getJourneyQueryOptions().queryKey }),
      ]);
    },
    onError: () => toast.error('Failed to save progress'),
  });
}
