import { BATH_COURSE_SLUG } from '@lunara/shared/baths';
import type { CourseDetail } from '@lunara/shared/courses';
import { formatCount } from '@lunara/shared/plural';
import { ArrowLeft, PlayCircle } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { BathBuilderCard } from '../../features/baths/components/bath-builder-card.tsx';
import { useCompleteLesson } from '../../features/courses/api/complete-lesson.ts';
import { useCourse } from '../../features/courses/api/get-course.ts';
import { CompletionCard } from '../../features/courses/components/completion-card.tsx';
import { CourseCover } from '../../features/courses/components/course-cover.tsx';
import { CourseMeta } from '../../features/courses/components/course-meta.tsx';
import { JoinCallToAction } from '../../features/courses/components/join-call-to-action.tsx';
import { lessonsByModule } from '../../features/courses/components/lesson-access.ts';
import { LessonRow } from '../../features/courses/components/lesson-row.tsx';
import { PreviewBanner } from '../../features/courses/components/preview-banner.tsx';
import { useCourseLinks } from '../../features/courses/hooks/use-course-links.ts';
import { ApiError } from '../../lib/api-client.ts';
import { CourseFrame, useUpgrade } from '../course-frame.tsx';
import { useDocumentTitle } from '../document-title.ts';
import { useMembership } from '../hooks/use-membership.ts';

/** What opens the closed lessons, said once for the page. */
function joinMessage({ access, viewer }: Pick<CourseDetail, 'access' | 'viewer'>) {
  if (access === 'free') return 'Create a free account to open every lesson of this course.';
  return viewer === 'visitor'
    ? 'Join the Sisterhood to open every lesson of this course.'
    : 'Become a member to open every lesson of this course.';
}

function CourseHeader({ course, resumeHref }: { course: CourseDetail; resumeHref: string | null }) {
  // Nothing done and no video started: there is nothing to continue yet, only a start.
  const hasBegun = course.completedLessons > 0 || (course.resume?.positionSeconds ?? 0) > 0;
  return (
    <article className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-card">
      <CourseCover
        courseId={course.id}
        coverUrl={course.coverUrl}
        sizes="(min-width: 72rem) 72rem, 100vw"
        priority
        className="h-40 sm:h-48"
      />
      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <h1 className="text-3xl [overflow-wrap:anywhere] text-night-900 sm:text-4xl">{course.title}</h1>
        <p className="max-w-3xl text-ink-muted [overflow-wrap:anywhere]">{course.description}</p>
        <CourseMeta lessonCount={course.lessonCount} hours={course.estimatedHours} className="text-sm" />
        {course.viewer === 'member' && (
          <div className="flex flex-col gap-2">
            <div className="flex justify-between text-sm">
              <span className="text-ink-muted">
                {course.completedLessons} of {formatCount(course.lessonCount, 'lesson')} complete
              </span>
              <span className="font-semibold">{course.progressPercent}%</span>
            </div>
            <Progress value={course.progressPercent} label="Course progress" />
          </div>
        )}
        {resumeHref && (
          <Button asChild variant="gold" className="self-start">
            <Link to={resumeHref}>
              <PlayCircle className="size-4" aria-hidden="true" />{' '}
              {hasBegun ? 'Continue where you left off' : 'Begin the course'}
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}

function CourseDetailPage({ courseId }: { courseId: string }) {
  const { preview, lessonHref } = useCourseLinks(courseId);
  const course = useCourse(courseId, preview);
  useDocumentTitle(course.data?.title);
  const completeLesson = useCompleteLesson(courseId);
  const navigate = useNavigate();
  const upgrade = useUpgrade();
  const { hasMembersArea } = useMembership();

  if (course.isPending) return <Spinner className="size-6 text-gold-500" />;
  if (course.error) {
    // An id that is not a number (400) is as unknown as one that does not exist (404).
    const isMissing = course.error instanceof ApiError && [400, 404].includes(course.error.status);
    if (isMissing) return <h1 className="text-3xl text-night-900">Course not found</h1>;
    return <LoadError message="Failed to load this course" query={course} />;
  }
  const data = course.data;
  const { viewer } = data;
  const hasClosedLessons = data.lessons.some((lesson) => lesson.state === 'members_only');
  return (
    <>
      {viewer === 'preview' && <PreviewBanner status={data.status} />}
      <CourseHeader
        course={data}
        resumeHref={viewer === 'member' && data.resume ? lessonHref(data.resume.lessonId) : null}
      />
      {data.slug === BATH_COURSE_SLUG && hasMembersArea && <BathBuilderCard />}
      {(viewer === 'visitor' || viewer === 'account') && hasClosedLessons && (
        <JoinCallToAction viewer={viewer} message={joinMessage(data)} upgrade={upgrade} />
      )}
      <section aria-label="Course outline" className="flex flex-col gap-8">
        {lessonsByModule(data).map(({ module, lessons }) => (
          <section key={module.id} aria-labelledby={`module-${module.id}`} className="flex flex-col gap-4">
            <h2 id={`module-${module.id}`} className="text-2xl [overflow-wrap:anywhere] text-night-900">
              {module.title}
            </h2>
            <ol className="flex flex-col gap-3">
              {lessons.map((lesson) => (
                <LessonRow
                  key={lesson.id}
                  lesson={lesson}
                  viewer={viewer}
                  href={lessonHref(lesson.id)}
                  isStarting={completeLesson.isPending && completeLesson.variables === lesson.id}
                  onStart={() => {
                    // The spec: starting a lesson marks it complete at once; its page opens with it.
                    completeLesson.mutate(lesson.id);
                    void navigate(lessonHref(lesson.id));
                  }}
                />
              ))}
            </ol>
          </section>
        ))}
      </section>
      {viewer === 'member' && <CompletionCard course={data} />}
    </>
  );
}

/** Back to where she came from: the library for a member, the dashboard for an account, else home. */
function BackLink() {
  const { user, isPayingMember } = useMembership();
  const [to, label] = isPayingMember
    ? [paths.courses.getHref(), 'Back to Courses']
    : user
      ? [paths.dashboard.getHref(), 'Back to Dashboard']
      : [paths.home.getHref(), 'Back to home'];
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={to}>
        <ArrowLeft className="size-4" aria-hidden="true" /> {label}
      </Link>
    </Button>
  );
}

export function Component() {
  const { courseId = '' } = useParams();
  return (
    <CourseFrame>
      <BackLink />
      <CourseDetailPage courseId={courseId} />
    </CourseFrame>
  );
}
