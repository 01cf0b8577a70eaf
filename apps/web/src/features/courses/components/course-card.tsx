import type { CourseSummary } from '@lunara/shared/courses';
import { Link } from 'react-router';
import { Progress } from '../../../components/ui/progress.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { CourseArt } from './course-art.tsx';
import { CourseMeta } from './course-meta.tsx';

/** A course in the catalog, linking to its page. */
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
  return (
    <Link
      to={href}
      className="group flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-card transition-transform hover:-translate-y-0.5"
    >
      <CourseArt courseId={course.id} className="h-36" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-xl text-night-900 group-hover:text-rose-700">{course.title}</h3>
        <p className="flex-1 text-sm text-ink-muted">{course.summary}</p>
        <CourseMeta lessonCount={course.lessonCount} hours={course.estimatedHours} className="text-xs" />
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
    </Link>
  );
}
