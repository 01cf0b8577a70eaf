import type { BookmarkKind } from '@lunara/shared/bookmarks';
import { Bookmark } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useBookmarkState, useSetBookmark } from '../api/bookmarks.ts';

interface SaveButtonProps {
  kind: BookmarkKind;
  itemId: string;
  /** Posts carry it; a topic asks (`isSaved` left out). */
  isSaved?: boolean;
}

/** "Save post" / "Saved": a toggle onto her saved list in the community. */
export function SaveButton({ kind, itemId, isSaved }: SaveButtonProps) {
  const asked = useBookmarkState(kind, itemId, isSaved === undefined);
  const save = useSetBookmark();
  const saved = isSaved ?? asked.data?.saved ?? false;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={saved}
      aria-label={saved ? 'Saved' : `Save ${kind}`}
      disabled={save.isPending || (isSaved === undefined && asked.isPending)}
      onClick={() =>
        save.mutate(
          { kind, itemId, isOn: !saved },
          {
            onSuccess: (state) => toast.success(state.saved ? 'Saved' : 'Removed from saved'),
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      <Bookmark className={cn('size-4', saved && 'fill-gold-400 text-gold-700')} aria-hidden="true" />
      <span className="max-sm:sr-only">{saved ? 'Saved' : 'Save'}</span>
    </Button>
  );
}
