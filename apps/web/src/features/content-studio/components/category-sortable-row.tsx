import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AdminForumCategory } from '@lunara/shared/content-studio';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { TINTS } from '../../forums/components/forum-categories.tsx';
import { ForumIcon } from '../../forums/components/forum-icon.tsx';
import { SortableHandle } from './sortable-handle.tsx';

const topicsText = (count: number) => (count === 1 ? '1 topic' : `${count} topics`);

interface CategoryRowProps {
  category: AdminForumCategory;
  position: number;
  total: number;
  /** While an order is being saved, moving again waits (the server takes one whole order at a time). */
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One category in the ordered list. Three ways to move it: drag the handle (mouse or touch), focus the
 * handle and use Space and the arrow keys (dnd-kit's keyboard sensor, announced), or Move up / Move down.
 */
export function CategorySortableRow({
  category,
  position,
  total,
  disabled,
  onMove,
  onEdit,
  onDelete,
}: CategoryRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: category.id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        // On a phone the buttons wrap under the name rather than squeezing it letter by letter.
        'flex flex-wrap items-center gap-x-2 gap-y-1 bg-white py-2 text-sm',
        isDragging && 'relative z-10 rounded-[var(--radius-control)] shadow-card',
      )}
    >
      <SortableHandle
        label={`Reorder ${category.name}`}
        attributes={attributes}
        listeners={listeners}
        activatorRef={setActivatorNodeRef}
      />
      <span className={cn('shrink-0 rounded-full p-2', TINTS[category.color] ?? TINTS.indigo)}>
        <ForumIcon name={category.icon} className="size-4" />
      </span>
      <span className="min-w-40 flex-1 [overflow-wrap:anywhere]">
        <span className="block font-semibold">{category.name}</span>
        <span className="text-xs text-ink-muted">{topicsText(category.topicCount)}</span>
      </span>
      <span className="ml-auto flex items-center gap-1">
        {!category.isActive && <Badge>Hidden</Badge>}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move ${category.name} up`}
          disabled={disabled || position === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move ${category.name} down`}
          disabled={disabled || position === total - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Edit ${category.name}`} onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <ConfirmButton
          label={`Delete ${category.name}`}
          title={`Delete “${category.name}”?`}
          description={
            category.topicCount > 0
              ? `It has ${topicsText(category.topicCount)}, so it cannot be deleted: hide it instead, or move its topics first.`
              : 'It leaves the forums for good. It has no topics.'
          }
          confirmLabel="Delete category"
          cancelLabel="Keep category"
          onConfirm={onDelete}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </ConfirmButton>
      </span>
    </li>
  );
}
