import { isModeratorRole, type Role } from '@lunara/shared/roles';
import { Send, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { HiddenByBlockLine } from '../../account/components/hidden-by-block-line.tsx';
import { HiddenForReviewNote, ReportButton } from '../../moderation/components/report-dialog.tsx';
import { useAddComment, useComments, useDeleteComment } from '../api/comments.ts';

interface CommentSectionProps {
  postId: string;
  viewer: { id: string; role: Role };
  onOpenProfile: (userId: string) => void;
}

/** A post's comments and the draft box: Enter sends, the draft survives a failed send. */
export function CommentSection({ postId, viewer, onOpenProfile }: CommentSectionProps) {
  const comments = useComments(postId);
  const add = useAddComment(postId);
  const remove = useDeleteComment(postId);
  const [draft, setDraft] = useState('');
  const isBlank = draft.trim().length === 0;

  const submit = useSubmitOnce();

  function send() {
    if (isBlank) return;
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    add.mutate(
      { content: draft, idempotencyKey },
      {
        onSuccess: () => {
          submit.succeeded();
          setDraft('');
          toast.success('Comment added!');
        },
        onError: () => toast.error('Failed to add comment'),
        onSettled: submit.settled,
      },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  }

  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      {comments.isPending && <Spinner className="text-gold-500" />}
      <ul className="flex flex-col gap-3">
        {items.map((comment) =>
          comment.hiddenByBlock ? (
            <HiddenByBlockLine key={comment.id} />
          ) : (
            <li key={comment.id} className="flex gap-3">
              <button
                type="button"
                onClick={() => onOpenProfile(comment.author.id)}
                aria-label={`Open ${comment.author.displayName}'s profile`}
              >
                <Avatar name={comment.author.displayName} src={comment.author.avatarUrl} className="size-8" />
              </button>
              <div className="min-w-0 flex-1 rounded-[var(--radius-control)] bg-moon-100 px-3 py-2">
                <p className="text-sm">
                  <button
                    type="button"
                    className="font-semibold [overflow-wrap:anywhere] hover:underline"
                    onClick={() => onOpenProfile(comment.author.id)}
                  >
                    {comment.author.displayName}
                  </button>{' '}
                  <span className="text-xs text-ink-muted">{relativeTime(comment.createdAt)}</span>
                </p>
                <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">{comment.content}</p>
                {comment.hiddenForReview && <HiddenForReviewNote />}
              </div>
              {comment.author.id !== viewer.id && <ReportButton target={{ type: 'comment', id: comment.id }} />}
              {(comment.author.id === viewer.id || isModeratorRole(viewer.role)) && (
                <ConfirmButton
                  label="Delete comment"
                  title="Delete this comment?"
                  description="It will be removed for everyone."
                  confirmLabel="Delete"
                  onConfirm={() =>
                    remove.mutate(comment.id, {
                      onSuccess: () => toast.success('Comment deleted'),
                      onError: (error) => toast.error('Failed to delete comment', { description: error.message }),
                    })
                  }
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </ConfirmButton>
              )}
            </li>
          ),
        )}
      </ul>
      <LoadMoreButton query={comments} label="Show more comments" />
      <div className="flex items-end gap-2">
        <Textarea
          aria-label="Write a comment"
          placeholder="Write a supportive comment..."
          className="min-h-11"
          rows={1}
          maxLength={2000}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        <Button aria-label="Send comment" disabled={isBlank || add.isPending} onClick={send}>
          <Send className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
