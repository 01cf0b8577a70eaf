import { LoadError } from '../../components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useCourseProgress } from '../../features/courses/api/get-course-progress.ts';
import { useCourses } from '../../features/courses/api/get-courses.ts';
import { CourseCard } from '../../features/courses/components/course-card.tsx';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

function CourseLibrary() {
  const { courses, isLoading, error, query } = useCourses();
  const progress = useCourseProgress();
  // Null (a placeholder) while her progress loads: a 0% there would be read as her progress. A failed
  // load is only logged (spec section 8) and reads as none.
  const progressOf = (courseId: number) =>
    progress.isPending
      ? null
      : (progress.data?.progress.find((row) => row.courseId === courseId)?.progressPercent ?? 0);
  return (
    <MemberPage>
      <header>
        <h1 className="text-3xl text-night-900 sm:text-4xl">Course Library</h1>
        <p className="mt-2 text-ink-muted">Five core courses to reclaim your power, heal and shine.</p>
      </header>
      {isLoading && <Spinner className="size-6 text-gold-500" />}
      {error && <LoadError message="Failed to load courses" query={query} />}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((course) => (
          <CourseCard
            key={course.id}
            course={course}
            href={paths.course.getHref(course.id)}
            progressPercent={progressOf(course.id)}
          />
        ))}
      </div>
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireMembership area="courses">
      <CourseLibrary />
    </RequireMembership>
  );
}
