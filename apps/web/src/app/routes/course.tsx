import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useCourses } from '../../features/courses/api/get-courses.ts';
import { CourseArt } from '../../features/courses/components/course-art.tsx';
import { CourseMeta } from '../../features/courses/components/course-meta.tsx';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

function CourseDetail() {
  const { courseId } = useParams();
  const { courses, isLoading } = useCourses();
  const course = courses.find((candidate) => String(candidate.id) === courseId);
  return (
    <MemberPage>
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to={paths.courses.getHref()}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Courses
        </Link>
      </Button>
      {isLoading ? (
        <Spinner className="size-6 text-gold-500" />
      ) : !course ? (
        <h1 className="text-3xl text-night-900">Course not found</h1>
      ) : (
        <article className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-card">
          <CourseArt courseId={course.id} className="h-44" />
          <div className="flex flex-col gap-3 p-6 sm:p-8">
            <h1 className="text-3xl text-night-900 sm:text-4xl">{course.title}</h1>
            <p className="max-w-3xl text-ink-muted">{course.description}</p>
            <CourseMeta lessonCount={course.lessonCount} hours={course.estimatedHours} className="text-sm" />
          </div>
        </article>
      )}
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireMembership area="courses">
      <CourseDetail />
    </RequireMembership>
  );
}
