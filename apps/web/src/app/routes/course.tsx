import type { Lesson } from '@lunara/shared/courses';
import { formatCount } from '@lunara/shared/plural';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useCompleteLesson } from '../../features/courses/api/complete-lesson.ts';
import { useCourse } from '../../features/courses/api/get-course.ts';
import { CompletionCard } from '../../features/courses/components/completion-card.tsx';
import { CourseArt } from '../../features/courses/components/course-art.tsx';
import { CourseMeta } from '../../features/courses/components/course-meta.tsx';
import { LessonPlayer } from '../../features/courses/components/lesson-player.tsx';
import { LessonRow } from '../../features/courses/components/lesson-row.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../document-title.ts';
import { RequireMembership } from '../guards.tsx';
import { MemberPage } from '../member-page.tsx';

function CourseDetailPage({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  useDocumentTitle(course.data?.title);
  const completeLesson = useCompleteLesson(courseId);
  const [openLesson, setOpenLesson] = useState<Lesson | null>(null);

  if (course.isPending) return <Spinner className="size-6 text-gold-500" />;
  if (course.error) {
    // An id that is not a number (400) is as unknown as one that does not exist (404).
    const isMissing = course.error instanceof ApiError && [400, 404].includes(course.error.status);
    if (isMissing) return <h1 className="text-3xl text-night-900">Course not found</h1>;
    return <LoadError message="Failed to load this course" query={course} />;
  }
  const data = course.data;
  return (
    <>
      <article className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-card">
        <CourseArt courseId={data.id} className="h-40 sm:h-48" />
        <div className="flex flex-col gap-4 p-6 sm:p-8">
          <h1 className="text-3xl text-night-900 sm:text-4xl">{data.title}</h1>
          <p className="max-w-3xl text-ink-muted">{data.description}</p>
          <CourseMeta lessonCount={data.lessonCount} hours={data.estimatedHours} className="text-sm" />
          <div className="flex flex-col gap-2">
            <div className="flex justify-between text-sm">
              <span className="text-ink-muted">
                {data.completedLessons} of {formatCount(data.lessonCount, 'lesson')} complete
              </span>
              <span className="font-semibold">{data.progressPercent}%</span>
            </div>
            <Progress value={data.progressPercent} label="Course progress" />
          </div>
        </div>
      </article>
      <section aria-labelledby="lessons-title" className="flex flex-col gap-4">
        <h2 id="lessons-title" className="text-2xl text-night-900">
          Lessons
        </h2>
        <ol className="flex flex-col gap-3">
          {data.lessons.map((lesson) => (
            <LessonRow
              key={lesson.id}
              lesson={lesson}
              isStarting={completeLesson.isPending && completeLesson.variables === lesson.id}
              onStart={() => {
                // The spec: starting a lesson marks it complete at once; the content opens with it.
                setOpenLesson(lesson);
                completeLesson.mutate(lesson.id);
              }}
              onRewatch={() => setOpenLesson(lesson)}
            />
          ))}
        </ol>
      </section>
      <CompletionCard course={data} />
      <LessonPlayer courseId={data.id} lesson={openLesson} onClose={() => setOpenLesson(null)} />
    </>
  );
}

export function Component() {
  const { courseId = '' } = useParams();
  return (
    <RequireMembership area="courses">
      <MemberPage>
        <Button asChild variant="ghost" size="sm" className="self-start">
          <Link to={paths.courses.getHref()}>
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to Courses
          </Link>
        </Button>
        <CourseDetailPage courseId={courseId} />
      </MemberPage>
    </RequireMembership>
  );
}
