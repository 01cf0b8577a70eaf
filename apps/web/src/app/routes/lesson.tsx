import { type CourseDetail, LESSON_MESSAGES, type LessonContent } from '@lunara/shared/courses';
import { ArrowLeft, CheckCircle2, Clock, ListOrdered } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Markdown } from '../../components/markdown.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCompleteLesson } from '../../features/courses/api/complete-lesson.ts';
import { useCourse } from '../../features/courses/api/get-course.ts';
import { useLesson } from '../../features/courses/api/get-lesson.ts';
import { JoinCallToAction } from '../../features/courses/components/join-call-to-action.tsx';
import { LessonFiles } from '../../features/courses/components/lesson-files.tsx';
import { LessonNav } from '../../features/courses/components/lesson-nav.tsx';
import { LessonOutline } from '../../features/courses/components/lesson-outline.tsx';
import { LessonVideo } from '../../features/courses/components/lesson-video.tsx';
import { PreviewBanner } from '../../features/courses/components/preview-banner.tsx';
import { useCourseLinks } from '../../features/courses/hooks/use-course-links.ts';
import { ApiError } from '../../lib/api-client.ts';
import { CourseFrame, useUpgrade } from '../course-frame.tsx';
import { useDocumentTitle } from '../document-title.ts';

interface LessonPageProps {
  courseId: string;
  lessonId: string;
  course: CourseDetail;
}

function CompleteControl({ courseId, content }: { courseId: string; content: LessonContent }) {
  const completeLesson = useCompleteLesson(courseId);
  if (content.lesson.state === 'complete') {
    return (
      <Badge tone="gold" className="px-3 py-1 text-sm">
        <CheckCircle2 className="size-4" aria-hidden="true" /> Completed
      </Badge>
    );
  }
  if (!content.canComplete) return null;
  return (
    <Button variant="gold" disabled={completeLesson.isPending} onClick={() => completeLesson.mutate(content.lesson.id)}>
      <CheckCircle2 className="size-4" aria-hidden="true" />
      {completeLesson.isPending ? 'Saving...' : 'Mark complete'}
    </Button>
  );
}

function LessonBody({
  courseId,
  course,
  content,
  lessonHref,
}: {
  courseId: string;
  course: CourseDetail;
  content: LessonContent;
  lessonHref: (lessonId: string) => string;
}) {
  const upgrade = useUpgrade();
  const { lesson } = content;
  const { viewer } = course;
  return (
    <article className="flex min-w-0 flex-col gap-6">
      <LessonVideo courseId={courseId} content={content} />
      <header className="flex flex-col gap-3">
        <p className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-ink-muted">
          <span>
            Lesson {lesson.position} of {course.lessonCount}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden="true" /> {lesson.durationMinutes} min
          </span>
          {lesson.isFreePreview && viewer !== 'member' && <Badge tone="rose">Free preview</Badge>}
        </p>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h1 className="min-w-0 text-3xl [overflow-wrap:anywhere] text-night-900 sm:text-4xl">{lesson.title}</h1>
          <CompleteControl courseId={courseId} content={content} />
        </div>
      </header>
      {content.bodyMarkdown.trim() ? (
        <Markdown className="max-w-3xl">{content.bodyMarkdown}</Markdown>
      ) : (
        lesson.description && <p className="max-w-3xl text-ink">{lesson.description}</p>
      )}
      <LessonFiles files={content.files} />
      {(viewer === 'visitor' || viewer === 'account') && (
        <JoinCallToAction
          viewer={viewer}
          message={
            viewer === 'visitor'
              ? `Enjoyed this free lesson? Join to open all of ${course.title}.`
              : `Enjoyed this free lesson? Become a member to open all of ${course.title}.`
          }
          upgrade={upgrade}
        />
      )}
      <LessonNav
        course={course}
        previousLessonId={content.previousLessonId}
        nextLessonId={content.nextLessonId}
        hrefOf={lessonHref}
      />
    </article>
  );
}

/** Why the API would not open the lesson, with the way forward when there is one. */
function LessonRefusal({ error, course, lessonId }: { error: ApiError; course: CourseDetail; lessonId: string }) {
  const upgrade = useUpgrade();
  const lesson = course.lessons.find((item) => item.id === lessonId);
  // The way back to the course is the page's own "Back to <course>" link, above.
  if (error.status === 404 || !lesson) return <h1 className="text-3xl text-night-900">Lesson not found</h1>;
  const needsMembership =
    error.status === 403 && (lesson.state === 'members_only' || error.message === LESSON_MESSAGES.membersOnly);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl [overflow-wrap:anywhere] text-night-900">{lesson.title}</h1>
      {error.status === 401 ? (
        <JoinCallToAction viewer="visitor" message={error.message} upgrade={upgrade} />
      ) : needsMembership ? (
        <JoinCallToAction
          viewer={course.viewer === 'visitor' ? 'visitor' : 'account'}
          message={error.message}
          upgrade={upgrade}
        />
      ) : (
        <p role="alert" className="rounded-[var(--radius-card)] border border-line bg-white p-5 text-ink">
          {error.message}
        </p>
      )}
    </div>
  );
}

function OutlineDrawer({
  course,
  lessonId,
  lessonHref,
}: {
  course: CourseDetail;
  lessonId: string;
  lessonHref: (lessonId: string) => string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="self-start lg:hidden">
          <ListOrdered className="size-4" aria-hidden="true" /> Course outline
        </Button>
      </DialogTrigger>
      <DialogContent title={course.title} description="Course outline">
        <LessonOutline
          course={course}
          currentLessonId={lessonId}
          hrefOf={lessonHref}
          onNavigate={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function LessonPage({ courseId, lessonId, course }: LessonPageProps) {
  const { preview, lessonHref } = useCourseLinks(courseId);
  const content = useLesson(courseId, lessonId, preview);
  const outlineTitle = course.lessons.find((lesson) => lesson.id === lessonId)?.title;
  useDocumentTitle(content.data?.lesson.title ?? outlineTitle);

  let main: ReactNode;
  if (content.isPending) main = <Spinner className="size-6 text-gold-500" />;
  else if (content.error instanceof ApiError && [401, 403, 404].includes(content.error.status)) {
    main = <LessonRefusal error={content.error} course={course} lessonId={lessonId} />;
  } else if (content.error) main = <LoadError message="Failed to load this lesson" query={content} />;
  else main = <LessonBody courseId={courseId} course={course} content={content.data} lessonHref={lessonHref} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-10">
      <div className="flex min-w-0 flex-col gap-4">
        <OutlineDrawer course={course} lessonId={lessonId} lessonHref={lessonHref} />
        {main}
      </div>
      <aside
        aria-labelledby="outline-course-title"
        className="hidden self-start rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card lg:sticky lg:top-20 lg:block lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
      >
        <h2 id="outline-course-title" className="mb-4 text-lg [overflow-wrap:anywhere] text-night-900">
          {course.title}
        </h2>
        <LessonOutline course={course} currentLessonId={lessonId} hrefOf={lessonHref} />
      </aside>
    </div>
  );
}

function LessonRoute({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { preview, courseHref } = useCourseLinks(courseId);
  const course = useCourse(courseId, preview);
  if (course.isPending) return <Spinner className="size-6 text-gold-500" />;
  if (course.error) {
    const isMissing = course.error instanceof ApiError && [400, 404].includes(course.error.status);
    if (isMissing) return <h1 className="text-3xl text-night-900">Course not found</h1>;
    return <LoadError message="Failed to load this course" query={course} />;
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="max-w-full self-start">
        <Link to={courseHref}>
          <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">Back to {course.data.title}</span>
        </Link>
      </Button>
      {course.data.viewer === 'preview' && <PreviewBanner status={course.data.status} />}
      <LessonPage courseId={courseId} lessonId={lessonId} course={course.data} />
    </>
  );
}

/** Moving to another lesson keeps this page mounted: start the new one from its top, not the old one's footer. */
function useScrollToTopOn(key: string) {
  const [shownKey, setShownKey] = useState(key);
  useEffect(() => {
    if (key === shownKey) return;
    setShownKey(key);
    window.scrollTo({ top: 0 });
  }, [key, shownKey]);
}

export function Component() {
  const { courseId = '', lessonId = '' } = useParams();
  useScrollToTopOn(lessonId);
  return (
    <CourseFrame>
      <LessonRoute courseId={courseId} lessonId={lessonId} />
    </CourseFrame>
  );
}
