import { type Announcements, closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { AdminForumCategory } from '@lunara/shared/content-studio';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useAdminForumCategories, useDeleteForumCategory, useReorderForumCategories } from '../api/forum-categories.ts';
import { useEditSession } from '../hooks/use-edit-session.ts';
import { CategoryForm } from './category-form.tsx';
import { moveBy, moveOnto, positionText } from './category-order.ts';
import { CategorySortableRow } from './category-sortable-row.tsx';
import { EditDialog } from './ritual-category-edit-dialog.tsx';
import { DRAG_INSTRUCTIONS, useSortableSensors } from './sortable-sensors.ts';

type Editing = { category?: AdminForumCategory };

/** The forum categories in the members' order: reorder (drag, keyboard, buttons), add, edit, delete. */
export function ForumCategoriesManager() {
  const list = useAdminForumCategories();
  const reorder = useReorderForumCategories();
  const remove = useDeleteForumCategory();
  const { editing, setEditing, dirty, setDirty, close, reopen } = useEditSession<Editing>();
  // The order being saved, shown at once; the server's order again once it has answered.
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useErrorToast(list.error, 'Failed to load the forum categories');
  const sensors = useSortableSensors();

  const categories = list.data?.categories ?? [];
  const byId = new Map(categories.map((category) => [category.id, category]));
  const serverOrder = categories.map((category) => category.id);
  const order = pendingOrder ?? serverOrder;
  const ordered = order.map((id) => byId.get(id)).filter((category) => category !== undefined);
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? 'The category';

  function saveOrder(next: string[], moved: string) {
    if (next.join() === order.join()) return;
    setPendingOrder(next);
    reorder.mutate(next, {
      onSuccess: () => setAnnouncement(`${nameOf(moved)} moved to ${positionText(next, moved)}. Order saved.`),
      onError: (error) => {
        setAnnouncement(`The order was not saved: ${error.message}`);
        toast.error('Failed to save the order', { description: error.message });
      },
      onSettled: () => setPendingOrder(null),
    });
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (over) saveOrder(moveOnto(order, String(active.id), String(over.id)), String(active.id));
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${positionText(order, String(active.id))}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${positionText(order, String(over.id))}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at ${positionText(moveOnto(order, String(active.id), String(over.id)), String(active.id))}.`
        : `${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving cancelled: ${nameOf(active.id)} stays where it was.`,
  };

  function reload() {
    const categoryId = editing?.category?.id;
    const latest = list.refetch().then((fresh) => {
      const category = fresh.data?.categories.find((candidate) => candidate.id === categoryId);
      return category ? { category } : null;
    });
    return reopen(latest, 'This category was deleted by another admin');
  }

  function deleteCategory(category: AdminForumCategory) {
    remove.mutate(category.id, {
      onSuccess: () => toast.success(`“${category.name}” deleted`),
      onError: (error) => toast.error(`“${category.name}” was not deleted`, { description: error.message }),
    });
  }

  if (list.isPending) return <Spinner className="text-gold-500" />;
  if (list.isError) return <LoadError message="Failed to load the forum categories" query={list} />;

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl text-night-900">Forum categories</h2>
          <p className="text-sm text-ink-muted">
            In the order members see them. Drag a handle, or focus it and press Space, then the arrow keys.
          </p>
        </div>
        <Button onClick={() => setEditing({})}>
          <Plus className="size-4" aria-hidden="true" /> Add category
        </Button>
      </div>
      {ordered.length === 0 ? (
        <p className="text-sm text-ink-muted">No categories yet: add the first one.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={handleDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
        >
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <ol aria-label="Forum categories in order" className="flex flex-col divide-y divide-line">
              {ordered.map((category, position) => (
                <CategorySortableRow
                  key={category.id}
                  category={category}
                  position={position}
                  total={ordered.length}
                  disabled={reorder.isPending}
                  onMove={(by) => saveOrder(moveBy(order, category.id, by), category.id)}
                  onEdit={() => setEditing({ category })}
                  onDelete={() => deleteCategory(category)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <EditDialog
        open={editing !== null}
        title={editing?.category ? 'Edit category' : 'New category'}
        isDirty={dirty}
        onClose={close}
      >
        {(requestClose) =>
          editing && (
            <CategoryForm
              key={`${editing.category?.id ?? 'new'}-${editing.category?.version ?? 0}`}
              category={editing.category}
              onSaved={close}
              onCancel={requestClose}
              onDirtyChange={setDirty}
              onReload={reload}
            />
          )
        }
      </EditDialog>
    </Card>
  );
}
