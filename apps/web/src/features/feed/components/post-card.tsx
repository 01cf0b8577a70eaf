import { POST_CATEGORIES } from '@lunara/shared/community';
import type { Post } from '@lunara/shared/feed';
import { POST_CONTENT_MAX, POST_TITLE_MAX } from '@lunara/shared/feed-constants';
import { formatCount } from '@lunara/shared/plural';
import { isModeratorRole, type Role } from '@lunara/shared/roles-constants';
import { Heart, MessageCircle, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EditInPlace } from '../../../components/edit-in-place.tsx';
import { EditedMark } from '../../../components/edited-mark.tsx';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { FormattedText } from '../../../components/rich-text/formatted-text.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { EDIT_BUTTON_ATTRIBUTE, useFocusAfterEdit } from '../../../lib/use-focus-after-edit.ts';
import { SaveButton } from '../../bookmarks/components/save-button.tsx';
import { HiddenForReviewNote, ReportButton } from '../../moderation/components/report-button.tsx';
import { PostReactions } from '../../reactions/components/post-reactions.tsx';
import { useEditPost } from '../api/edit-post.ts';
import { useDeletePost, usePinPost, useSetLike } from '../api/post-mutations.ts';
import { NewBadge } from './new-badge.tsx';
import { PostImageGrid } from './post-image-grid.tsx';

// Shown once she opens a post's comments (or on the post's own page): the comment box's editor comes with it.
const CommentSection = lazyPart(
  'features/feed/components/comment-section.tsx',
  () => import('./comment-section.tsx').then((module) => module.CommentSection),
  'Loading comments...',
);

interface PostCardProps {
  post: Post;
  viewer: { id: string; role: Role };
  onOpenProfile: (userId: string) => void;
  /** On the post's own page: its comments open, its title not a link, and `onDeleted` after a delete. */
  ownPage?: { onDeleted: () => void };
  /** Shared by someone else since her previous visit to the feed. */
  isNew?: boolean;
  /** In its own circle's feed: no "in <circle>" link back to where she already is. */
  inCircleFeed?: boolean;
}

const categoryLabel = (key: string) => POST_CATEGORIES.find((category) => category.key === key)?.label ?? key;

export function PostCard({ post, viewer, onOpenProfile, ownPage, isNew, inCircleFeed }: PostCardProps) {
  const [showComments, setShowComments] = useState(ownPage !== undefined);
  const like = useSetLike();
  const remove = useDeletePost();
  const pin = usePinPost();
  const canModerate = isModeratorRole(viewer.role);
  const canDelete = post.author.id === viewer.id || canModerate;
  // Only her own words: staff hide or delete what others wrote, they never rewrite it.
  const canEdit = post.author.id === viewer.id;
  const [isEditing, setIsEditing] = useState(false);
  useFocusAfterEdit(isEditing ? post.id : null);
  const edit = useEditPost(post.id);

  return (
    <article
      // While she edits it, its heading is the title field: the post keeps its name.
      aria-labelledby={isEditing ? undefined : `post-${post.id}`}
      aria-label={isEditing ? post.title : undefined}
      className={cn(
        'flex flex-col gap-4 rounded-[var(--radius-card)] border bg-white p-5 shadow-card',
        post.isPinned ? 'border-gold-400' : 'border-line',
      )}
    >
      <header className="flex items-start gap-3">
        <button
          type="button"
          onClick={() => onOpenProfile(post.author.id)}
          aria-label={`Open ${post.author.displayName}'s profile`}
        >
          <Avatar name={post.author.displayName} src={post.author.avatarUrl} />
        </button>
        <div className="min-w-0 flex-1">
          <button
            type="button"
            className="font-semibold text-ink [overflow-wrap:anywhere] hover:underline"
            onClick={() => onOpenProfile(post.author.id)}
          >
            {post.author.displayName}
          </button>
          <p className="text-xs text-ink-muted">
            {relativeTime(post.createdAt)}
            <EditedMark editedAt={post.editedAt} />
            {post.circle && !inCircleFeed && (
              <>
                {' · in '}
                <Link
                  to={paths.circle.getHref(post.circle.id)}
                  className="font-medium text-rose-700 [overflow-wrap:anywhere] hover:underline"
                >
                  {post.circle.name}
                </Link>
              </>
            )}
          </p>
        </div>
        <div className="flex items-center gap-1">
          {isNew && <NewBadge />}
          {post.isPinned && (
            <Badge tone="gold">
              <Pin className="size-3" aria-hidden="true" /> Pinned
            </Badge>
          )}
          <Badge tone="rose">{categoryLabel(post.category)}</Badge>
        </div>
      </header>
      {isEditing ? (
        <EditInPlace
          id={`post-edit-${post.id}`}
          label="Your post"
          title={{ value: post.title, maxLength: POST_TITLE_MAX }}
          content={post.content}
          maxLength={POST_CONTENT_MAX}
          rows={6}
          onCancel={() => setIsEditing(false)}
          onSave={async (values) => {
            await edit.mutateAsync({ title: values.title ?? post.title, content: values.content });
            setIsEditing(false);
            toast.success('Post updated');
          }}
        />
      ) : (
        <div>
          <h3 id={`post-${post.id}`} className="text-xl text-night-900 [overflow-wrap:anywhere]">
            {ownPage ? (
              post.title
            ) : (
              <Link
                to={paths.post.getHref(post.id)}
                // A title alone in its heading is a control of its own: a finger's height on a touch screen.
                className="hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
              >
                {post.title}
              </Link>
            )}
          </h3>
          <FormattedText text={post.content} className="mt-2 text-ink" />
        </div>
      )}
      {post.hiddenForReview && <HiddenForReviewNote />}
      <PostImageGrid images={post.images} authorName={post.author.displayName} />
      <footer className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          aria-label={`${post.likedByMe ? 'Unlike' : 'Like'} (${formatCount(post.likesCount, 'like')})`}
          disabled={like.isPending}
          onClick={() =>
            like.mutate(
              { postId: post.id, like: !post.likedByMe },
              { onError: () => toast.error('Failed to update like') },
            )
          }
        >
          <Heart className={cn('size-4', post.likedByMe && 'fill-rose-500 text-rose-500')} aria-hidden="true" />
          {formatCount(post.likesCount, 'like')}
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showComments} onClick={() => setShowComments((open) => !open)}>
          <MessageCircle className="size-4" aria-hidden="true" />
          {formatCount(post.commentsCount, 'comment')}
        </Button>
        <PostReactions postId={post.id} counts={post.reactionCounts} mine={post.myReactions} />
        <span className="flex-1" />
        <SaveButton kind="post" itemId={post.id} isSaved={post.savedByMe} />
        {post.author.id !== viewer.id && <ReportButton target={{ type: 'post', id: post.id }} />}
        {canEdit && !isEditing && (
          <Button
            variant="ghost"
            size="sm"
            aria-label="Edit post"
            {...{ [EDIT_BUTTON_ATTRIBUTE]: post.id }}
            onClick={() => setIsEditing(true)}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
        )}
        {canModerate && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={post.isPinned ? 'Unpin post' : 'Pin post'}
            onClick={() =>
              pin.mutate(
                { postId: post.id, isPinned: !post.isPinned },
                {
                  onSuccess: () => toast.success(post.isPinned ? 'Post unpinned' : 'Post pinned'),
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          >
            {post.isPinned ? (
              <PinOff className="size-4" aria-hidden="true" />
            ) : (
              <Pin className="size-4" aria-hidden="true" />
            )}
          </Button>
        )}
        {canDelete && (
          <ConfirmButton
            label="Delete post"
            title="Delete this post?"
            description="The post and its comments will be removed for everyone."
            confirmLabel="Delete post"
            onConfirm={() =>
              remove.mutate(post.id, {
                onSuccess: () => {
                  toast.success('Post deleted');
                  ownPage?.onDeleted();
                },
                onError: (error) => toast.error('Failed to delete post', { description: error.message }),
              })
            }
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </ConfirmButton>
        )}
      </footer>
      {showComments && <CommentSection postId={post.id} viewer={viewer} onOpenProfile={onOpenProfile} />}
    </article>
  );
}
