import { COMMENT_MAX } from '@lunara/shared/feed-constants';
import { isModeratorRole, type Role } from '@lunara/shared/roles-constants';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EditInPlace } from '../../../components/edit-in-place.tsx';
import { EditedMark } from '../../../components/edited-mark.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { FormattedText } from '../../../components/rich-text/formatted-text.tsx';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { EDIT_BUTTON_ATTRIBUTE, useFocusAfterEdit } from '../../../lib/use-focus-after-edit.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { HiddenByBlockLine } from '../../account/components/hidden-by-block-line.tsx';
import { HiddenForReviewNote, ReportButton } from '../../moderation/components/report-button.tsx';
import { useAddComment, useComments, useDeleteComment } from '../api/comments.ts';
import { useEditComment } from '../api/edit-comment.ts';

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
  const edit = useEditComment(postId);
  // The one comment of hers open for editing, if any.
  const [editingId, setEditingId] = useState<string | null>(null);
  useFocusAfterEdit(editingId);
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

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (
      event.key === 'Enter' &&
      !event.shiftKey &&
      !event.defaultPrevented &&
      event.target instanceof HTMLTextAreaElement
    ) {
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
                  <EditedMark editedAt={comment.editedAt} />
                </p>
                {editingId === comment.id ? (
                  <EditInPlace
                    id={`comment-edit-${comment.id}`}
                    label="Edit your comment"
                    content={comment.content}
                    maxLength={COMMENT_MAX}
                    rows={2}
                    onCancel={() => setEditingId(null)}
                    onSave={async ({ content }) => {
                      await edit.mutateAsync({ commentId: comment.id, content });
                      setEditingId(null);
                      toast.success('Comment updated');
                    }}
                  />
                ) : (
                  <FormattedText text={comment.content} className="text-sm" />
                )}
                {comment.hiddenForReview && <HiddenForReviewNote />}
              </div>
              {comment.author.id !== viewer.id && <ReportButton target={{ type: 'comment', id: comment.id }} />}
              {comment.author.id === viewer.id && editingId !== comment.id && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label="Edit comment"
                  {...{ [EDIT_BUTTON_ATTRIBUTE]: comment.id }}
                  onClick={() => setEditingId(comment.id)}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </Button>
              )}
              {editingId !== comment.id && (comment.author.id === viewer.id || isModeratorRole(viewer.role)) && (
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
      {/* Enter sends from the editor's textarea; the editor's own keys (picking a mention) come first. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: listens to the textarea inside, not a control itself. */}
      <div className="flex flex-col items-end gap-2 sm:flex-row" onKeyDown={handleKeyDown}>
        <div className="w-full min-w-0 flex-1">
          <RichTextEditor
            id={`comment-${postId}`}
            label="Write a comment"
            hideLabel
            placeholder="Write a supportive comment..."
            rows={2}
            maxLength={2000}
            value={draft}
            onChange={setDraft}
          />
        </div>
        <Button aria-label="Send comment" disabled={isBlank || add.isPending} onClick={send}>
          <Send className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
