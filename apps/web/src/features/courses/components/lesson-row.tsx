import type { Lesson } from '@lunara/shared/courses';
import { CheckCircle2, Lock, PlayCircle } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

interface LessonRowProps {
  lesson: Lesson;
  isStarting: boolean;
  onStart: () => void;
  onRewatch: () => void;
}

/** One lesson: "Start Lesson" when available, "Complete" with "Rewatch", or "Locked". */
export function LessonRow({ lesson, isStarting, onStart, onRewatch }: LessonRowProps) {
  const Icon = lesson.state === 'complete' ? CheckCircle2 : lesson.state === 'locked' ? Lock : PlayCircle;
  return (
    <li
      className={cn(
        'flex flex-col gap-4 rounded-[var(--radius-card)] border bg-white p-5 sm:flex-row sm:items-center',
        lesson.state === 'available' ? 'border-gold-400 shadow-card' : 'border-line',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'size-8 shrink-0',
          lesson.state === 'complete'
            ? 'text-success'
            : lesson.state === 'locked'
              ? 'text-ink-muted/60'
              : 'text-rose-600',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
          Lesson {lesson.position} · {lesson.durationMinutes} min
        </p>
        <h3 className="mt-0.5 text-lg text-night-900">{lesson.title}</h3>
        <p className="mt-1 text-sm text-ink-muted">{lesson.description}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {lesson.state === 'complete' && (
          <>
            <Badge tone="gold">Complete</Badge>
            <Button variant="outline" size="sm" onClick={onRewatch} aria-label={`Rewatch ${lesson.title}`}>
              Rewatch
            </Button>
          </>
        )}
        {lesson.state === 'available' && (
          <Button size="sm" disabled={isStarting} onClick={onStart} aria-label={`Start Lesson: ${lesson.title}`}>
            {isStarting ? 'Saving...' : 'Start Lesson'}
          </Button>
        )}
        {lesson.state === 'locked' && (
          <>
            <Badge>Locked</Badge>
            <Button variant="outline" size="sm" disabled aria-label={`${lesson.title} is locked`}>
              <Lock className="size-4" aria-hidden="true" />
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
