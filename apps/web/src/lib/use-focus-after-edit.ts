import { useEffect, useRef } from 'react';

/** The attribute an item's Edit button carries, naming the item, so the focus can find it again. */
export const EDIT_BUTTON_ATTRIBUTE = 'data-edit-button';

/**
 * When an item's editor closes (saved or cancelled), the focus goes back to that item's Edit button,
 * which was hidden while she edited and is a new element now: a keyboard never starts again from the
 * top of the page. `editingKey` is the item being edited, or null.
 */
export function useFocusAfterEdit(editingKey: string | null) {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const closed = previous.current;
    previous.current = editingKey;
    if (!closed || closed === editingKey) return;
    document.querySelector<HTMLElement>(`[${EDIT_BUTTON_ATTRIBUTE}="${CSS.escape(closed)}"]`)?.focus();
  }, [editingKey]);
}
