import { localDateFormat } from '../lib/local-format.ts';
import { relativeTime } from '../lib/relative-time.ts';

const exactTime = (iso: string) => localDateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/**
 * "Edited" beside an item's time once its author has changed it: the exact time on hover, and read
 * out in full ("Edited 5 minutes ago") to screen readers.
 */
export function EditedMark({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null;
  return (
    <span className="text-xs text-ink-muted">
      {' · '}
      <time dateTime={editedAt} title={`Edited ${exactTime(editedAt)}`}>
        Edited<span className="sr-only"> {relativeTime(editedAt)}</span>
      </time>
    </span>
  );
}
