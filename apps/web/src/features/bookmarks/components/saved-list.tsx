import type { TopicSummary } from '@lunara/shared/forums';
import { formatCount } from '@lunara/shared/plural';
import type { Role } from '@lunara/shared/roles-constants';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { PostCard } from '../../feed/components/post-card.tsx';
import { useSaved } from '../api/bookmarks.ts';
import { SaveButton } from './save-button.tsx';

interface SavedListProps {
  viewer: { id: string; role: Role };
  onOpenProfile: (userId: string) => void;
}

const topicHref = (topic: TopicSummary) =>
  `/community?tab=forums&category=${encodeURIComponent(topic.categoryId)}&topic=${encodeURIComponent(topic.id)}`;

/** Her saved posts and topics, newest saved first; each card's own "Saved" button removes it. */
export function SavedList({ viewer, onOpenProfile }: SavedListProps) {
  const saved = useSaved();
  useErrorToast(saved.error, 'Failed to load your saved items');
  const items = saved.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="flex flex-col gap-4" aria-labelledby="saved-title">
      <h2 id="saved-title" className="text-2xl text-night-900">
        Saved
      </h2>
      {saved.isPending && <Spinner className="text-gold-500" />}
      {saved.isError && <LoadError message="Failed to load your saved items" query={saved} />}
      {saved.isSuccess && items.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          Nothing saved yet. Use "Save" on a post or a topic to keep it here.
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {items.map((item) =>
          item.kind === 'post' ? (
            <li key={`post-${item.post.id}`}>
              <PostCard post={item.post} viewer={viewer} onOpenProfile={onOpenProfile} />
            </li>
          ) : (
            <li
              key={`topic-${item.topic.id}`}
              className="flex items-start gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="text-xs font-medium tracking-wide text-ink-muted uppercase">Forum topic</span>
                <Link
                  to={topicHref(item.topic)}
                  className="font-medium text-night-900 [overflow-wrap:anywhere] hover:underline"
                >
                  {item.topic.title}
                </Link>
                <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-ink-muted [overflow-wrap:anywhere]">
                  <span>
                    by {item.topic.author.displayName}, {relativeTime(item.topic.createdAt)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MessageCircle className="size-3.5" aria-hidden="true" />
                    {formatCount(item.topic.repliesCount, 'reply', 'replies')}
                  </span>
                </span>
              </div>
              <SaveButton kind="topic" itemId={item.topic.id} isSaved />
            </li>
          ),
        )}
      </ul>
      <LoadMoreButton query={saved} />
    </section>
  );
}
