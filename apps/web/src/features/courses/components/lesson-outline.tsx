import type { CourseDetail, Lesson } from '@lunara/shared/courses';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { canOpenLesson, lessonsByModule } from './lesson-access.ts';
import { LessonStateIcon } from './lesson-state-icon.tsx';
import { OpensOn } from './opens-on.tsx';

/** The lesson's state in words, after its duration ("35 min · Locked"); nothing for an open lesson of hers. */
function stateNote(lesson: Lesson, viewer: CourseDetail['viewer']): ReactNode {
  if (viewer === 'preview') return null;
  switch (lesson.state) {
    case 'complete':
      return <>Complete</>;
    case 'locked':
      return <>Locked</>;
    case 'scheduled':
      return lesson.opensAt ? <OpensOn opensAt={lesson.opensAt} /> : <>Opens soon</>;
    case 'members_only':
      return <>Members only</>;
    case 'available':
      return viewer === 'member' ? null : <>Free preview</>;
  }
}

/**
 * The course's lessons beside the lesson page (and in its drawer on a phone): module titles as headings,
 * the current lesson marked, each one's state in words. Lessons she cannot open are not links.
 */
export function LessonOutline({
  course,
  currentLessonId,
  hrefOf,
  onNavigate,
}: {
  course: Pick<CourseDetail, 'viewer' | 'modules' | 'lessons'>;
  currentLessonId: string;
  hrefOf: (lessonId: string) => string;
  /** Called when a lesson is picked (the drawer closes). */
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Course outline" className="flex flex-col gap-5">
      {lessonsByModule(course).map(({ module, lessons }) => (
        <section key={module.id} aria-labelledby={`outline-module-${module.id}`} className="flex flex-col gap-2">
          <h3
            id={`outline-module-${module.id}`}
            className="font-sans text-xs font-semibold tracking-wide [overflow-wrap:anywhere] text-ink-muted uppercase"
          >
            {module.title}
          </h3>
          <ol className="flex flex-col gap-1">
            {lessons.map((lesson) => {
              const isCurrent = lesson.id === currentLessonId;
              const content = (
                <>
                  <LessonStateIcon state={lesson.state} className="mt-0.5 size-4" />
                  <span className="min-w-0 flex-1">
                    <span className="block [overflow-wrap:anywhere]">
                      {lesson.position}. {lesson.title}
                    </span>
                    <span className="block text-xs text-ink-muted">
                      {lesson.durationMinutes} min
                      <StateSuffix lesson={lesson} viewer={course.viewer} />
                    </span>
                  </span>
                </>
              );
              const classes = cn(
                'flex items-start gap-2 rounded-[var(--radius-control)] px-3 py-2 text-sm',
                isCurrent ? 'bg-night-900 text-moon-50 [&_.text-ink-muted]:text-moon-200' : 'text-ink',
              );
              return (
                <li key={lesson.id}>
                  {canOpenLesson(lesson, course.viewer) ? (
                    <Link
                      to={hrefOf(lesson.id)}
                      aria-current={isCurrent ? 'page' : undefined}
                      onClick={onNavigate}
                      className={cn(classes, !isCurrent && 'hover:bg-moon-100')}
                    >
                      {content}
                    </Link>
                  ) : (
                    <div
                      aria-current={isCurrent ? 'page' : undefined}
                      className={cn(classes, !isCurrent && 'text-ink-muted')}
                    >
                      {content}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </nav>
  );
}

function StateSuffix({ lesson, viewer }: { lesson: Lesson; viewer: CourseDetail['viewer'] }) {
  const note = stateNote(lesson, viewer);
  return note ? <> · {note}</> : null;
}
