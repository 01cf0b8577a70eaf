import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';

/**
 * What an add/edit dialog is open on (null: closed) and whether its form has unsaved changes (closing
 * then asks first). `reopen` is Reload after a version conflict: the form opens afresh on the latest
 * version (its key changes with it), or closes with `goneMessage` if another admin removed the item.
 */
export function useEditSession<TEditing>() {
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [dirty, setDirty] = useState(false);

  const close = () => {
    setEditing(null);
    setDirty(false);
  };

  async function reopen(latest: Promise<TEditing | null>, goneMessage: string) {
    const next = await latest;
    if (next) {
      setDirty(false);
      setEditing(next);
    } else {
      toast.error(goneMessage);
      close();
    }
  }

  return { editing, setEditing, dirty, setDirty, close, reopen };
}
