import type { AdminContent, ContentKind } from '@lunara/shared/admin';
import { formatCount } from '@lunara/shared/plural';
import { Lock, LockOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { deleteComment, deletePost, setTopicLock, useAdminContent, useAdminMutation } from '../api/admin-api.ts';

const EMPTY: Record<ContentKind, string> = {
  posts: 'No posts found',
  comments: 'No comments found',
  topics: 'No forum topics found',
};

function Row({
  title,
  body,
  meta,
  badges,
  action,
}: {
  title: string;
  body: string;
  meta: string;
  badges?: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <li className="flex gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4">
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {title} {badges}
        </p>
        <p className="line-clamp-2 text-sm [overflow-wrap:anywhere]">{body}</p>
        <p className="text-xs text-ink-muted">{meta}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

function ContentList({ data }: { data: AdminContent }) {
  const removePost = useAdminMutation(deletePost);
  const removeComment = useAdminMutation(deleteComment);
  const lock = useAdminMutation(setTopicLock);
  if (data.kind === 'posts') {
    return data.items.map((post) => (
      <Row
        key={post.id}
        title={post.title}
        body={post.content}
        meta={`${post.category} · ${post.authorName} · ${relativeTime(post.createdAt)} · ${formatCount(post.likesCount, 'like')} · ${formatCount(post.commentsCount, 'comment')}`}
        badges={post.isPinned && <Badge tone="gold">Pinned</Badge>}
        action={
          <ConfirmButton
            label={`Delete post ${post.title}`}
            title="Delete this post?"
            description="It will be removed for everyone, with its comments."
            confirmLabel="Delete post"
            onConfirm={() =>
              removePost.mutate(post.id, {
                onSuccess: () => toast.success('Post deleted successfully'),
                onError: () => toast.error('Failed to delete post'),
              })
            }
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </ConfirmButton>
        }
      />
    ));
  }
  if (data.kind === 'comments') {
    return data.items.map((comment) => (
      <Row
        key={comment.id}
        title={`On "${comment.postTitle}"`}
        body={comment.content}
        meta={`${comment.authorName} · ${relativeTime(comment.createdAt)}`}
        action={
          <ConfirmButton
            label="Delete comment"
            title="Delete this comment?"
            description="It will be removed for everyone."
            confirmLabel="Delete"
            onConfirm={() =>
              removeComment.mutate(comment.id, {
                onSuccess: () => toast.success('Comment deleted successfully'),
                onError: () => toast.error('Failed to delete comment'),
              })
            }
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </ConfirmButton>
        }
      />
    ));
  }
  return data.items.map((topic) => (
    <Row
      key={topic.id}
      title={topic.title}
      body={topic.content}
      meta={`${topic.authorName} · ${relativeTime(topic.createdAt)} · ${formatCount(topic.repliesCount, 'reply', 'replies')} · ${formatCount(topic.viewsCount, 'view')}`}
      badges={
        <>
          {topic.isPinned && <Badge tone="gold">Pinned</Badge>}
          {topic.isLocked && <Badge tone="night">Locked</Badge>}
        </>
      }
      action={
        <Button
          variant="outline"
          size="sm"
          aria-label={`${topic.isLocked ? 'Unlock' : 'Lock'} ${topic.title}`}
          disabled={lock.isPending}
          onClick={() =>
            lock.mutate(
              { topicId: topic.id, isLocked: !topic.isLocked },
              {
                onSuccess: () =>
                  toast.success(topic.isLocked ? 'Topic unlocked successfully' : 'Topic locked successfully'),
                onError: () => toast.error('Failed to update topic'),
              },
            )
          }
        >
          {topic.isLocked ? (
            <LockOpen className="size-4" aria-hidden="true" />
          ) : (
            <Lock className="size-4" aria-hidden="true" />
          )}
        </Button>
      }
    />
  ));
}

/** "Content Moderation": posts, comments and forum topics, each with its count. */
export function ContentModeration() {
  const [kind, setKind] = useState<ContentKind>('posts');
  const lists = {
    posts: useAdminContent('posts'),
    comments: useAdminContent('comments'),
    topics: useAdminContent('topics'),
  };
  const current = lists[kind];
  const totalOf = (key: ContentKind) => lists[key].data?.pages[0]?.total ?? 0;
  const pages = current.data?.pages ?? [];
  const isEmpty = current.isSuccess && (pages[0]?.items.length ?? 0) === 0;

  return (
    <section aria-labelledby="content-title" className="flex flex-col gap-4">
      <h2 id="content-title" className="text-2xl text-night-900">
        Content Moderation
      </h2>
      <Tabs value={kind} onValueChange={(value) => setKind(value as ContentKind)}>
        <TabsList aria-label="Content type">
          <TabsTrigger value="posts">Posts ({totalOf('posts')})</TabsTrigger>
          <TabsTrigger value="comments">Comments ({totalOf('comments')})</TabsTrigger>
          <TabsTrigger value="topics">Forum Topics ({totalOf('topics')})</TabsTrigger>
        </TabsList>
      </Tabs>
      {current.isPending && <Spinner className="text-gold-500" />}
      {current.isError && <LoadError message="Failed to fetch content" query={current} />}
      {isEmpty && <p className="p-6 text-center text-ink-muted">{EMPTY[kind]}</p>}
      <ul className="flex flex-col gap-3">
        {pages.map((page) => (
          <ContentList key={page.nextCursor ?? 'last'} data={page} />
        ))}
      </ul>
      <LoadMoreButton query={current} />
    </section>
  );
}
