import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { previewQuery } from '../api/get-course.ts';

/**
 * An admin's preview (?preview=1) follows her from the course page to its lessons and back: every
 * link inside keeps it. For anyone else the flag is ignored by the server, and kept harmlessly here.
 */
export function useCourseLinks(courseId: string) {
  const [searchParams] = useSearchParams();
  const preview = searchParams.get('preview') === '1';
  const suffix = previewQuery(preview);
  return {
    preview,
    courseHref: `${paths.course.getHref(courseId)}${suffix}`,
    lessonHref: (lessonId: string) => `${paths.lesson.getHref(courseId, lessonId)}${suffix}`,
  };
}
