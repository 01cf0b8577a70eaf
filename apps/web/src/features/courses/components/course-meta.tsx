import { formatCount } from '@lunara/shared/plural';
import { BookOpen, Clock } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** "5 lessons · 3 hours" with their icons. */
export function CourseMeta({
  lessonCount,
  hours,
  className,
}: {
  lessonCount: number;
  hours: number;
  className?: string;
}) {
  return (
    <p className={cn('flex items-center gap-4 font-medium text-ink-muted', className)}>
      <span className="inline-flex items-center gap-1.5">
        <BookOpen className="size-[1em]" aria-hidden="true" /> {formatCount(lessonCount, 'lesson')}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="size-[1em]" aria-hidden="true" /> {formatCount(hours, 'hour')}
      </span>
    </p>
  );
}
