import type { CourseSummary } from '@lunara/shared/courses';
import { BookOpen, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { CourseArt } from './course-art.tsx';

/** A course in the catalog, linking to its page. */
export function CourseCard({ course, href }: { course: CourseSummary; href: string }) {
  return (
    <Link
      to={href}
      className="group flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-card transition-transform hover:-translate-y-0.5"
    >
      <CourseArt courseId={course.id} className="h-36" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-xl text-night-900 group-hover:text-rose-700">{course.title}</h3>
        <p className="flex-1 text-sm text-ink-muted">{course.summary}</p>
        <p className="flex items-center gap-4 text-xs font-medium text-ink-muted">
          <span className="inline-flex items-center gap-1">
            <BookOpen className="size-3.5" aria-hidden="true" /> {course.lessonCount} lessons
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" /> {course.estimatedHours} hours
          </span>
        </p>
      </div>
    </Link>
  );
}
