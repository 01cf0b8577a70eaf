import type { CourseDetail, Lesson } from '@lunara/shared/courses';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canOpenLesson } from './lesson-access.ts';
import { OpensOn } from './opens-on.tsx';

/** Why the next lesson cannot be opened yet, in place of a link that would only be refused. */
function whyClosed(lesson: Lesson): ReactNode {
  switch (lesson.state) {
    case 'locked':
      return 'Complete this lesson to open it';
    case 'scheduled':
      return lesson.opensAt ? <OpensOn opensAt={lesson.opensAt} /> : 'Opens soon';
    default:
      return 'For members';
  }
}

const cardClasses =
  'flex min-w-0 flex-1 flex-col gap-0.5 rounded-[var(--radius-control)] border border-line bg-white px-4 py-3';

/** Previous / Next lesson, in course order. */
export function LessonNav({
  course,
  previousLessonId,
  nextLessonId,
  hrefOf,
}: {
  course: CourseDetail;
  previousLessonId: string | null;
  nextLessonId: string | null;
  hrefOf: (lessonId: string) => string;
}) {
  const find = (id: string | null) => (id ? course.lessons.find((lesson) => lesson.id === id) : undefined);
  const previous = find(previousLessonId);
  const next = find(nextLessonId);
  if (!previous && !next) return null;
  return (
    <nav aria-label="Lessons" className="flex flex-col gap-3 sm:flex-row">
      {previous ? (
        <Link to={hrefOf(previous.id)} rel="prev" className={`${cardClasses} hover:border-gold-400 hover:bg-moon-100`}>
          <span className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            <ArrowLeft className="size-3.5" aria-hidden="true" /> Previous lesson
          </span>
          <span className="[overflow-wrap:anywhere] text-ink">{previous.title}</span>
        </Link>
      ) : (
        <span className="hidden flex-1 sm:block" />
      )}
      {next &&
        (canOpenLesson(next, course.viewer) ? (
          <Link
            to={hrefOf(next.id)}
            rel="next"
            className={`${cardClasses} items-end text-right hover:border-gold-400 hover:bg-moon-100`}
          >
            <span className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
              Next lesson <ArrowRight className="size-3.5" aria-hidden="true" />
            </span>
            <span className="[overflow-wrap:anywhere] text-ink">{next.title}</span>
          </Link>
        ) : (
          <div className={`${cardClasses} items-end bg-moon-100 text-right`}>
            <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Next lesson</span>
            <span className="[overflow-wrap:anywhere] text-ink">{next.title}</span>
            <span className="text-sm text-ink-muted">{whyClosed(next)}</span>
          </div>
        ))}
    </nav>
  );
}
