import { Megaphone, X } from 'lucide-react';
import { Markdown } from '../../../components/markdown.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useDismissAnnouncement, usePinnedAnnouncements } from '../api/announcements.ts';

/**
 * The owner's announcements for this member, pinned above the feed (a query of its own, not part of the
 * feed's cached pages). Each can be closed; closing is remembered on the server, for her alone.
 */
export function PinnedAnnouncements() {
  const pinned = usePinnedAnnouncements();
  const dismiss = useDismissAnnouncement();
  const items = pinned.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-label="Announcements" className="flex flex-col gap-3">
      {items.map((item) => (
        <article
          key={item.id}
          aria-labelledby={`announcement-${item.id}`}
          className="relative rounded-[var(--radius-card)] border border-gold-500 bg-moon-100 p-5 pr-12 shadow-card"
        >
          <p className="flex items-center gap-2 flex-wrap text-sm font-medium text-gold-700">
            <Megaphone className="size-4" aria-hidden="true" /> Announcement
            <span className="text-ink-muted">
              · {item.authorName} · <time dateTime={item.createdAt}>{formatLongDate(new Date(item.createdAt))}</time>
            </span>
          </p>
          <h3 id={`announcement-${item.id}`} className="mt-1 text-xl text-night-900">
            {item.title}
          </h3>
          <Markdown className="mt-2 text-ink">{item.body}</Markdown>
          <button
            type="button"
            className="absolute top-3 right-3 rounded-full p-2 text-ink-muted hover:bg-moon-200 hover:text-night-900"
            aria-label={`Dismiss announcement: ${item.title}`}
            onClick={() =>
              dismiss.mutate(item.id, {
                onError: (error) => toast.error('The announcement was not dismissed', { description: error.message }),
              })
            }
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </article>
      ))}
    </section>
  );
}
