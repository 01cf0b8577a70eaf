import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AdminLessonSummary } from '@lunara/shared/content-studio';
import { Clock, FileText, MoreHorizontal, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { SortableHandle } from './sortable-handle.tsx';

export interface LessonMoves {
  canMoveUp: boolean;
  canMoveDown: boolean;
  moveUp: () => void;
  moveDown: () => void;
  /** The other modules it can go to (to their end). */
  targets: Array<{ id: string; title: string }>;
  moveTo: (moduleId: string) => void;
}

/** One lesson in the outline: its handle, its editor link, what it carries, and the keyboard's moves. */
export function LessonRow({ lesson, href, moves }: { lesson: AdminLessonSummary; href: string; moves: LessonMoves }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: `lesson:${lesson.id}`,
    data: { type: 'lesson' },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 rounded-lg border border-line bg-moon-50 py-1.5 pr-1.5 pl-1',
        isDragging && 'relative z-10 opacity-80 ring-2 ring-gold-400',
      )}
    >
      <SortableHandle label={`Move lesson ${lesson.title}`} attributes={attributes} listeners={listeners} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <Link
          to={href}
          className="min-w-0 font-medium text-night-900 underline-offset-4 [overflow-wrap:anywhere] hover:underline sm:flex-1"
        >
          {lesson.title}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-ink-muted">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {lesson.durationMinutes} min
          </span>
          {lesson.isFreePreview && <Badge tone="rose">Free preview</Badge>}
          {lesson.dripDays !== null && (
            <Badge tone="gold">
              Drip {lesson.dripDays} {lesson.dripDays === 1 ? 'day' : 'days'}
            </Badge>
          )}
          {lesson.hasVideo && (
            <Badge>
              <Video className="size-3" aria-hidden="true" /> Video
            </Badge>
          )}
          {lesson.fileCount > 0 && (
            <Badge>
              <FileText className="size-3" aria-hidden="true" /> {lesson.fileCount}{' '}
              {lesson.fileCount === 1 ? 'file' : 'files'}
            </Badge>
          )}
        </div>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Move ${lesson.title}…`}
          className="flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-moon-100"
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={!moves.canMoveUp} onSelect={moves.moveUp}>
            Move up
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!moves.canMoveDown} onSelect={moves.moveDown}>
            Move down
          </DropdownMenuItem>
          {moves.targets.map((target) => (
            <DropdownMenuItem key={target.id} onSelect={() => moves.moveTo(target.id)}>
              Move to module “{target.title}”
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
