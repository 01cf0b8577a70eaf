import type { AdminCourse, AdminLesson } from '@lunara/shared/content-studio';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useRememberAdminCourse } from '../api/admin-courses.ts';
import { deleteLesson, getAdminLessonQueryOptions } from '../api/admin-lessons.ts';

/** The lesson editor's header: back to the course, the title, the save status and Delete. */
export function LessonPageHeader({
  lesson,
  course,
  status,
}: {
  lesson: AdminLesson;
  course: AdminCourse | undefined;
  status: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rememberCourse = useRememberAdminCourse();
  const [error, setError] = useState<string | null>(null);

  async function handleDelete() {
    setError(null);
    try {
      const updated = await deleteLesson(lesson.id);
      rememberCourse(updated);
      queryClient.removeQueries({ queryKey: getAdminLessonQueryOptions(lesson.id).queryKey });
      toast.success(`“${lesson.title}” deleted`);
      navigate(paths.adminCourse.getHref(lesson.courseId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The lesson could not be deleted');
    }
  }

  return (
    <header className="flex flex-col gap-3">
      <Link
        to={paths.adminCourse.getHref(lesson.courseId)}
        className="inline-flex w-fit items-center gap-1.5 text-sm text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        <span className="[overflow-wrap:anywhere]">Back to {course ? `“${course.title}”` : 'the course'}</span>
      </Link>
      <h1 className="text-3xl text-night-900 [overflow-wrap:anywhere] sm:text-4xl">{lesson.title}</h1>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {status}
        <ConfirmButton
          label="Delete lesson"
          title={`Delete “${lesson.title}”?`}
          description="Its text, video and files go for good, and members’ completion of it is forgotten. This cannot be undone."
          confirmLabel="Delete lesson"
          cancelLabel="Keep lesson"
          onConfirm={handleDelete}
        >
          <Trash2 className="size-4" aria-hidden="true" /> Delete lesson
        </ConfirmButton>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </header>
  );
}

/** The lessons before and after this one in the course's order, to edit a course lesson by lesson. */
export function LessonNeighbours({ lesson, course }: { lesson: AdminLesson; course: AdminCourse | undefined }) {
  const all = course?.modules.flatMap((module) => module.lessons) ?? [];
  const index = all.findIndex((each) => each.id === lesson.id);
  const previous = index > 0 ? all[index - 1] : undefined;
  const next = index >= 0 ? all[index + 1] : undefined;
  if (!previous && !next) return null;
  return (
    <nav aria-label="Other lessons" className="flex flex-wrap justify-between gap-3 text-sm">
      {previous ? (
        <Link
          to={paths.adminLesson.getHref(lesson.courseId, previous.id)}
          className="inline-flex min-w-0 items-center gap-1 text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          <ChevronLeft className="size-4 shrink-0" aria-hidden="true" />
          <span className="[overflow-wrap:anywhere]">Previous: {previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link
          to={paths.adminLesson.getHref(lesson.courseId, next.id)}
          className="inline-flex min-w-0 items-center gap-1 text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
        >
          <span className="[overflow-wrap:anywhere]">Next: {next.title}</span>
          <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
