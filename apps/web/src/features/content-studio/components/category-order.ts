import { arrayMove } from '@dnd-kit/sortable';

/** The order after moving `id` by `by` places (a move past either end leaves it as it is). */
export function moveBy(ids: readonly string[], id: string, by: number): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  return arrayMove([...ids], from, to);
}

/** The order after dropping `activeId` where `overId` was. */
export function moveOnto(ids: readonly string[], activeId: string, overId: string): string[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return [...ids];
  return arrayMove([...ids], from, to);
}

/** Where an item stands, said the way a person would: "position 2 of 5". */
export const positionText = (ids: readonly string[], id: string) => `position ${ids.indexOf(id) + 1} of ${ids.length}`;
