import type { Role } from '@lunara/shared/roles-constants';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCirclePosts } from '../../feed/api/get-posts.ts';
import { PostCard } from '../../feed/components/post-card.tsx';
import { PostComposer } from '../../feed/components/post-composer.tsx';
import { useRecheckOnRefusal } from '../api/use-live-circle.ts';

/** A circle's own feed: what its members share there, seen by them (and staff) alone. */
export function CircleFeed({
  circle,
  viewer,
  onOpenProfile,
}: {
  circle: { id: string; name: string };
  viewer: { id: string; role: Role };
  onOpenProfile: (userId: string) => void;
}) {
  const [isComposing, setIsComposing] = useState(false);
  const posts = useCirclePosts(circle.id, true);
  useRecheckOnRefusal(circle.id, posts.error);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="circle-feed-title" className="mx-auto flex w-full max-w-[45rem] flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="circle-feed-title" className="text-2xl text-night-900">
          Circle feed
        </h2>
        <Button
          variant={isComposing ? 'outline' : 'primary'}
          aria-expanded={isComposing}
          onClick={() => setIsComposing((open) => !open)}
        >
          <PenLine className="size-4" aria-hidden="true" /> Post in the circle
        </Button>
      </div>
      {isComposing && <PostComposer circle={circle} onDone={() => setIsComposing(false)} />}
      {posts.isPending && <Spinner className="text-gold-500" />}
      {posts.isError && <LoadError message="Failed to load the circle's posts" query={posts} />}
      {posts.isSuccess && items.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          Nothing shared in this circle yet. Its members alone will see what you post here.
        </p>
      )}
      <div className="flex flex-col gap-4">
        {items.map((post) => (
          <PostCard key={post.id} post={post} viewer={viewer} onOpenProfile={onOpenProfile} inCircleFeed />
        ))}
      </div>
      <LoadMoreButton query={posts} />
    </section>
  );
}
