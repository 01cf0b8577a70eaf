import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  createLessonBodySchema,
  LESSON_TITLE_MAX,
  MODULE_TITLE_MAX,
  moduleBodySchema,
} from '@lunara/shared/content-studio';
import { MoreHorizontal, Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { firstIssue } from './field.tsx';
import { SortableHandle } from './sortable-handle.tsx';
import { TitleDialogButton } from './title-dialog.tsx';

export interface ModuleActions {
  canMoveUp: boolean;
  canMoveDown: boolean;
  moveUp: () => void;
  moveDown: () => void;
  rename: (title: string) => Promise<void>;
  remove: () => void;
  /** With the dialog's idempotency key (the same on a retry). */
  addLesson: (title: string, idempotencyKey: string) => Promise<void>;
}

export const checkModuleTitle = (title: string) => firstIssue(moduleBodySchema.safeParse({ title }));
const checkLessonTitle = (title: string) => firstIssue(createLessonBodySchema.safeParse({ title }));

/**
 * A module of the outline: a region named by its title, with its handle, inline rename, the keyboard's
 * moves, its lessons (`children`, a sortable list of their own) and "Add lesson".
 */
export function ModuleCard({
  moduleId,
  title,
  number,
  lessonIds,
  actions,
  children,
}: {
  moduleId: string;
  title: string;
  number: number;
  lessonIds: string[];
  actions: ModuleActions;
  children: ReactNode;
}) {
  const id = useId();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: `module:${moduleId}`,
    data: { type: 'module' },
  });
  const [isRenaming, setIsRenaming] = useState(false);
  const [draft, setDraft] = useState(title);
  const [renameError, setRenameError] = useState<string | null>(null);

  async function handleRename(event: FormEvent) {
    event.preventDefault();
    const invalid = checkModuleTitle(draft);
    if (invalid) return setRenameError(invalid);
    try {
      await actions.rename(draft.trim());
      setIsRenaming(false);
      setRenameError(null);
    } catch (failure) {
      setRenameError(failure instanceof Error ? failure.message : 'The module could not be renamed');
    }
  }

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`${id}-heading`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-3 shadow-card sm:p-4',
        isDragging && 'relative z-10 ring-2 ring-gold-400',
      )}
    >
      <div className="flex items-center gap-2">
        <SortableHandle label={`Move module ${title}`} attributes={attributes} listeners={listeners} />
        {/* The region's name stays while the title is edited in place of it. */}
        <h3
          id={`${id}-heading`}
          className={cn('min-w-0 flex-1 text-lg text-night-900 [overflow-wrap:anywhere]', isRenaming && 'sr-only')}
        >
          <span className="sr-only">Module {number}: </span>
          {title}
        </h3>
        {isRenaming ? (
          <form onSubmit={handleRename} className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
            <label htmlFor={`${id}-title`} className="sr-only">
              Module title
            </label>
            <Input
              id={`${id}-title`}
              value={draft}
              maxLength={MODULE_TITLE_MAX}
              autoFocus
              className="h-9 min-w-40 flex-1"
              aria-invalid={renameError ? true : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  setIsRenaming(false);
                  setDraft(title);
                  setRenameError(null);
                }
              }}
            />
            <Button type="submit" size="sm">
              Save name
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setIsRenaming(false);
                setDraft(title);
                setRenameError(null);
              }}
            >
              Cancel
            </Button>
          </form>
        ) : null}
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={`Module actions for ${title}`}
            className="flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-moon-100"
          >
            <MoreHorizontal className="size-5" aria-hidden="true" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem
              onSelect={() => {
                setDraft(title);
                setIsRenaming(true);
              }}
            >
              Rename module
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!actions.canMoveUp} onSelect={actions.moveUp}>
              Move module up
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!actions.canMoveDown} onSelect={actions.moveDown}>
              Move module down
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={actions.remove} className="text-danger">
              Delete module
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {renameError && (
        <p role="alert" className="text-sm text-danger">
          {renameError}
        </p>
      )}
      <SortableContext items={lessonIds.map((lessonId) => `lesson:${lessonId}`)} strategy={verticalListSortingStrategy}>
        <ol className="flex min-h-12 flex-col gap-2" aria-label={`Lessons of ${title}`}>
          {children}
          {lessonIds.length === 0 && (
            <li className="rounded-lg border border-line border-dashed p-3 text-center text-sm text-ink-muted">
              No lessons yet. Add one, or drag one here.
            </li>
          )}
        </ol>
      </SortableContext>
      <div>
        <TitleDialogButton
          trigger={
            <>
              <Plus className="size-4" aria-hidden="true" /> Add lesson
            </>
          }
          triggerLabel={`Add lesson to ${title}`}
          variant="ghost"
          title={`New lesson in “${title}”`}
          fieldLabel="Lesson title"
          submitLabel="Create lesson"
          maxLength={LESSON_TITLE_MAX}
          validate={checkLessonTitle}
          onSubmit={actions.addLesson}
        />
      </div>
    </section>
  );
}
