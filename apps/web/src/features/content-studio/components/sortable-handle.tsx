import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/**
 * The drag handle of a sortable row: a real button, so that Tab reaches it and Space or Enter picks the
 * row up for the keyboard sensor (arrows move, Space drops, Escape cancels). `touch-none` hands touch
 * moves to the drag instead of scrolling the page, which is what makes the handle work on phones.
 */
export function SortableHandle({
  label,
  attributes,
  listeners,
  activatorRef,
  className,
}: {
  label: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  /** useSortable's setActivatorNodeRef, when the handle alone (not the row) starts a drag. */
  activatorRef?: (element: HTMLElement | null) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      ref={activatorRef}
      aria-label={label}
      className={cn(
        'flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-ink-muted hover:bg-moon-100 active:cursor-grabbing',
        className,
      )}
      {...attributes}
      {...listeners}
    >
      <GripVertical className="size-5" aria-hidden="true" />
    </button>
  );
}
