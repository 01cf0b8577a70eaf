import { MessagesSquare } from 'lucide-react';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useForumCategories } from '../api/forum-queries.ts';
import { ForumIcon } from './forum-icon.tsx';

export const TINTS: Record<string, string> = {
  indigo: 'bg-night-600/10 text-night-700',
  amber: 'bg-gold-300/40 text-gold-700',
  rose: 'bg-rose-300/30 text-rose-700',
  pink: 'bg-rose-300/20 text-rose-600',
  violet: 'bg-night-700/10 text-night-600',
  teal: 'bg-success/10 text-success',
};

/** "Discussion Forums": one card per active category. */
export function ForumCategories({ onOpen }: { onOpen: (categoryId: string) => void }) {
  const categories = useForumCategories();
  useErrorToast(categories.error, 'Failed to load forum categories');
  if (categories.isPending) return <Spinner className="text-gold-500" />;
  if (categories.isError) return <LoadError message="Failed to load forum categories" query={categories} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {categories.data.categories.map((category) => (
        <li key={category.id} className="min-w-0">
          <button
            type="button"
            onClick={() => onOpen(category.id)}
            className="flex h-full w-full min-w-0 flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 text-left shadow-card hover:border-gold-400"
          >
            <span className="flex items-center gap-3">
              <span className={`rounded-full p-2.5 ${TINTS[category.color] ?? TINTS.indigo}`}>
                <ForumIcon name={category.icon} className="size-5" />
              </span>
              <span className="font-display text-xl text-night-900">{category.name}</span>
            </span>
            <span className="text-sm text-ink-muted">{category.description}</span>
            <span className="mt-auto flex items-center gap-1.5 text-xs font-medium text-ink-muted">
              <MessagesSquare className="size-3.5" aria-hidden="true" /> {category.topicsCount}{' '}
              {category.topicsCount === 1 ? 'topic' : 'topics'}
            </span>
            {category.latestTopic && (
              <span className="truncate border-t border-line pt-2 text-xs text-ink-muted">
                Latest: <span className="font-medium text-ink">{category.latestTopic.title}</span> by{' '}
                {category.latestTopic.userName}, {relativeTime(category.latestTopic.createdAt)}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
