import type { CourseViewer, Lesson } from '@lunara/shared/courses';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { LessonStateIcon } from './lesson-state-icon.tsx';
import { OpensOn } from './opens-on.tsx';

interface LessonRowProps {
  lesson: Lesson;
  viewer: CourseViewer;
  /** The lesson page's address (with ?preview=1 when previewing). */
  href: string;
  isStarting: boolean;
  /** "Start Lesson": marks it complete and opens it (members only). */
  onStart: () => void;
}

/**
 * One lesson of the course page, by its state for this viewer: a member's "Start Lesson", "Complete"
 * with "Rewatch", "Locked", "Opens on <date>"; a visitor's or an account's "Watch free preview" or a lock
 * (the page holds the one call to action that opens them); an admin's preview opens every lesson.
 */
export function LessonRow({ lesson, viewer, href, isStarting, onStart }: LessonRowProps) {
  const { state, title } = lesson;
  return (
    <li
      className={cn(
        'flex flex-col gap-4 rounded-[var(--radius-card)] border bg-white p-5 sm:flex-row sm:items-center',
        state === 'available' && viewer === 'member' ? 'border-gold-400 shadow-card' : 'border-line',
      )}
    >
      <LessonStateIcon state={state} className="size-8" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
          Lesson {lesson.position} · {lesson.durationMinutes} min
          {lesson.isFreePreview && viewer !== 'member' && <span className="text-rose-700"> · Free preview</span>}
        </p>
        <h3 className="mt-0.5 text-lg [overflow-wrap:anywhere] text-night-900">{title}</h3>
        {lesson.description && (
          <p className="mt-1 text-sm text-ink-muted [overflow-wrap:anywhere]">{lesson.description}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <LessonAction lesson={lesson} viewer={viewer} href={href} isStarting={isStarting} onStart={onStart} />
      </div>
    </li>
  );
}

function LessonAction({ lesson, viewer, href, isStarting, onStart }: LessonRowProps) {
  const { state, title } = lesson;
  if (viewer === 'preview') {
    return (
      <Button asChild variant="outline" size="sm" aria-label={`Open ${title}`}>
        <Link to={href}>Open lesson</Link>
      </Button>
    );
  }
  switch (state) {
    case 'complete':
      return (
        <>
          <Badge tone="gold">Complete</Badge>
          <Button asChild variant="outline" size="sm" aria-label={`Rewatch ${title}`}>
            <Link to={href}>Rewatch</Link>
          </Button>
        </>
      );
    case 'available':
      // Someone without access to the course opens only free previews, and has nothing to complete.
      if (viewer !== 'member') {
        return (
          <Button asChild variant="gold" size="sm" aria-label={`Watch free preview: ${title}`}>
            <Link to={href}>Watch free preview</Link>
          </Button>
        );
      }
      return (
        <Button size="sm" disabled={isStarting} onClick={onStart} aria-label={`Start Lesson: ${title}`}>
          {isStarting ? 'Saving...' : 'Start Lesson'}
        </Button>
      );
    case 'locked':
      return (
        <>
          <Badge>Locked</Badge>
          <Button variant="outline" size="sm" disabled aria-label={`${title} is locked`}>
            <Lock className="size-4" aria-hidden="true" />
          </Button>
        </>
      );
    case 'scheduled':
      return <Badge tone="gold">{lesson.opensAt ? <OpensOn opensAt={lesson.opensAt} /> : 'Opens soon'}</Badge>;
    case 'members_only':
      return (
        <Badge>
          <Lock className="size-3" aria-hidden="true" /> Members only
        </Badge>
      );
  }
}
