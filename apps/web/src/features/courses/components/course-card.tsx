import type { CourseSummary } from '@lunara/shared/courses';
import { PlayCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Progress } from '../../../components/ui/progress.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { CourseCover } from './course-cover.tsx';
import { CourseMeta } from './course-meta.tsx';

// One column on phones, two from `sm`, three from `lg` inside the 72rem page (matches the grids using it).
const CARD_SIZES = '(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 3rem)';

/**
 * A course in the catalog. The title is the link to its page, stretched over the whole card; a free
 * preview lesson gets its own link on top of it ("Watch a free lesson"), so no link sits inside another.
 */
export function CourseCard({
  course,
  href,
  progressPercent,
}: {
  course: CourseSummary;
  href: string;
  /** The member's progress, shown on the library's cards (not on the landing page); null while it loads. */
  progressPercent?: number | null;
}) {
  const titleId = useId();
  const previewHref = course.previewLessonId ? paths.lesson.getHref(course.id, course.previewLessonId) : null;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-card transition-transform focus-within:-translate-y-0.5 hover:-translate-y-0.5">
      <CourseCover courseId={course.id} coverUrl={course.coverUrl} sizes={CARD_SIZES} className="h-36" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 id={titleId} className="text-xl [overflow-wrap:anywhere] text-night-900 group-hover:text-rose-700">
          <Link to={href} className="after:absolute after:inset-0 after:content-['']">
            {course.title}
          </Link>
        </h3>
        <p className="flex-1 text-sm text-ink-muted [overflow-wrap:anywhere]">{course.summary}</p>
        <CourseMeta lessonCount={course.lessonCount} hours={course.estimatedHours} className="text-xs" />
        {previewHref && (
          <Link
            to={previewHref}
            aria-describedby={titleId}
            className="relative z-10 mt-1 inline-flex items-center gap-1.5 self-start text-sm font-medium text-rose-700 underline-offset-4 hover:underline"
          >
            <PlayCircle className="size-4" aria-hidden="true" /> Watch a free lesson
          </Link>
        )}
        {progressPercent === null && (
          <div className="mt-2 flex items-center gap-3" aria-busy="true">
            <Skeleton className="h-2.5 w-full rounded-full" />
            <Skeleton className="h-4 w-8 shrink-0" />
          </div>
        )}
        {typeof progressPercent === 'number' && (
          <div className="mt-2 flex items-center gap-3">
            <Progress value={progressPercent} label={`${course.title} progress`} />
            <span className="text-xs font-semibold text-ink">{progressPercent}%</span>
          </div>
        )}
      </div>
    </article>
  );
}
