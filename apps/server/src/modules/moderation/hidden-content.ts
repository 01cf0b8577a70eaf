/**
 * Content that enough members' reports hide until a moderator reviews it: its author and staff still see
 * it (marked `hiddenForReview`), anyone else does not. For lists whose rows carry the mark.
 */
export function visibleForReview<Item extends { hiddenForReview?: boolean; author: { id: string } }>(
  items: Item[],
  viewerId: string,
  viewerIsStaff: boolean,
): Item[] {
  if (viewerIsStaff) return items;
  return items.filter((item) => !item.hiddenForReview || item.author.id === viewerId);
}
