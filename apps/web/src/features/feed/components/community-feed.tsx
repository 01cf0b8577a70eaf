import type { Role } from '@lunara/shared/roles-constants';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { PinnedAnnouncements } from '../../announcements/components/pinned-announcements.tsx';
import { useFeedVisit } from '../api/feed-visit.ts';
import { useFromCirclesPosts, usePosts } from '../api/get-posts.ts';
import { PostCard } from './post-card.tsx';

// Shown once she presses Create Post: its code (the editor, image uploads) downloads then.
const PostComposer = lazyPart(
  'features/feed/components/post-composer.tsx',
  () => import('./post-composer.tsx').then((module) => module.PostComposer),
  'Opening the composer...',
);

type FeedSource = 'all' | 'circles';

/**
 * "Share with the Sisterhood": the composer toggle and the paged list of posts, either the main feed
 * or "From your circles" (the posts of the circles she is a member of, which never reach the main feed).
 */
export function CommunityFeed({
  viewer,
  onOpenProfile,
}: {
  viewer: { id: string; role: Role };
  onOpenProfile: (userId: string) => void;
}) {
  const [isComposing, setIsComposing] = useState(false);
  const [source, setSource] = useState<FeedSource>('all');
  const mainFeed = usePosts();
  const fromCircles = useFromCirclesPosts(source === 'circles');
  const posts = source === 'all' ? mainFeed : fromCircles;
  useErrorToast(posts.error, 'Failed to load posts');
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const previousVisitAt = useFeedVisit();
  const isNew = (post: { createdAt: string; author: { id: string } }) =>
    source === 'all' &&
    previousVisitAt !== undefined &&
    post.author.id !== viewer.id &&
    Date.parse(post.createdAt) > Date.parse(previousVisitAt);

  return (
    <section aria-labelledby="feed-title" className="mx-auto flex w-full max-w-[45rem] flex-col gap-5">
      <PinnedAnnouncements />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="feed-title" className="text-2xl text-night-900">
          Share with the Sisterhood
        </h2>
        <Button
          variant={isComposing ? 'outline' : 'primary'}
          aria-expanded={isComposing}
          onClick={() => setIsComposing((open) => !open)}
        >
          <PenLine className="size-4" aria-hidden="true" /> Create Post
        </Button>
      </div>
      {isComposing && <PostComposer onDone={() => setIsComposing(false)} />}
      <Tabs value={source} onValueChange={(value) => setSource(value as FeedSource)} className="flex flex-col gap-5">
        <TabsList aria-label="Which posts" className="self-start">
          <TabsTrigger value="all">All posts</TabsTrigger>
          <TabsTrigger value="circles">From your circles</TabsTrigger>
        </TabsList>
        {/* Each tab owns its panel (the tabs' aria-controls name it); the chosen one shows the list. */}
        {(['all', 'circles'] as const).map((value) => (
          <TabsContent key={value} value={value} className="flex flex-col gap-5">
            {value === source && (
              <>
                {posts.isPending && <p className="text-ink-muted">Loading community feed...</p>}
                {posts.isError && <LoadError message="Failed to load posts" query={posts} />}
                {posts.isSuccess && items.length === 0 && source === 'all' && (
                  <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
                    No posts yet. Be the first to share with the community!
                  </p>
                )}
                {posts.isSuccess && items.length === 0 && source === 'circles' && (
                  <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
                    No posts from your circles yet. Join a circle in{' '}
                    <Link
                      to={`${paths.community.getHref()}?tab=circles`}
                      className="font-medium text-rose-700 underline"
                    >
                      Sacred Circles
                    </Link>{' '}
                    and what its members share there shows here.
                  </p>
                )}
                <div className="flex flex-col gap-4">
                  {items.map((post) => (
                    <PostCard
                      key={post.id}
                      post={post}
                      viewer={viewer}
                      onOpenProfile={onOpenProfile}
                      isNew={isNew(post)}
                    />
                  ))}
                </div>
                <LoadMoreButton query={posts} />
              </>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
