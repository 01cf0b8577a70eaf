import type { ContentRevision } from '@lunara/shared/editing';
import { localDateFormat } from '../../../lib/local-format.ts';
import { relativeTime } from '../../../lib/relative-time.ts';

const exactTime = (iso: string) => localDateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** What the author wrote before her edits, newest first: a report may be about words she has since changed. */
export function CaseRevisions({ revisions }: { revisions: ContentRevision[] }) {
  if (revisions.length === 0) return null;
  return (
    <details className="mt-3 border-t border-line pt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-night-900">Previous versions ({revisions.length})</summary>
      <ol className="mt-2 flex flex-col gap-2">
        {revisions.map((revision) => (
          <li key={revision.replacedAt} className="rounded-[var(--radius-control)] bg-white p-3">
            <p className="text-xs text-ink-muted">
              Replaced{' '}
              <time dateTime={revision.replacedAt} title={exactTime(revision.replacedAt)}>
                {relativeTime(revision.replacedAt)}
              </time>
            </p>
            {revision.title && (
              <p className="mt-1 font-semibold text-night-900 [overflow-wrap:anywhere]">{revision.title}</p>
            )}
            <p className="mt-1 text-ink [overflow-wrap:anywhere] whitespace-pre-wrap">{revision.body}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
