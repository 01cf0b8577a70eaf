import { REPLY_MAX, type Reply } from '@lunara/shared/forums';
import { Pencil, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { HiddenByBlockLine } from '../../account/components/hidden-by-block-line.tsx';
import { HiddenForReviewNote, ReportButton } from '../../moderation/components/report-dialog.tsx';
import { deleteReply, editReply, useForumMutation } from '../api/forum-mutations.ts';

interface ReplyItemProps {
  reply: Reply;
  /** Her own reply on an unlocked topic: she may edit and delete it (the server's rule). */
  isOwnOpen: boolean;
  canModerate: boolean;
  /** Someone else's reply: she may report it. */
  canReport?: boolean;
  onOpenProfile: (userId: string) => void;
}

/** One reply: its author and text; its author edits it in place, she or a moderator deletes it. */
export function ReplyItem({ reply, isOwnOpen, canModerate, canReport = false, onOpenProfile }: ReplyItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const edit = useForumMutation((content: string) => editReply(reply.id, content));
  const remove = useForumMutation(deleteReply);
  const isBlank = (draft ?? '').trim().length === 0;
  const save = () => {
    if (draft === null || isBlank || edit.isPending) return;
    // On a failure the draft stays open with her text, to try again.
    edit.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        toast.success('Reply updated');
      },
      onError: (error) => toast.error('Failed to update reply', { description: error.message }),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setDraft(null);
    }
  };
  // Only an edit moves updatedAt past createdAt (both are the transaction's time), however soon it came.
  const wasEdited = new Date(reply.updatedAt).getTime() > new Date(reply.createdAt).getTime();
  // A member she blocked wrote it: the server sent no text, only that it is there.
  if (reply.hiddenByBlock)
    return <HiddenByBlockLine className="rounded-[var(--radius-card)] border border-line bg-white" />;

  return (
    <li className="flex items-start gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4">
      <button
        type="button"
        onClick={() => onOpenProfile(reply.author.id)}
        aria-label={`Open ${reply.author.displayName}'s profile`}
      >
        <Avatar name={reply.author.displayName} src={reply.author.avatarUrl} className="size-9" />
      </button>
      <div className="min-w-0 flex-1">
        <p className="text-sm [overflow-wrap:anywhere]">
          <span className="font-semibold">{reply.author.displayName}</span>{' '}
          <span className="text-xs text-ink-muted">
            {relativeTime(reply.createdAt)}
            {wasEdited && ' · edited'}
          </span>
        </p>
        {draft === null ? (
          <>
            <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-wrap">{reply.content}</p>
            {reply.hiddenForReview && <HiddenForReviewNote />}
          </>
        ) : (
          <div className="mt-2 flex flex-col gap-2">
            <Textarea
              aria-label="Edit your reply"
              value={draft}
              maxLength={REPLY_MAX}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <div className="flex justify-end gap-2">
              <Button variant="outline" size="sm" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button size="sm" disabled={isBlank || edit.isPending} onClick={save}>
                {edit.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </div>
        )}
      </div>
      {draft === null && (
        <div className="flex items-start">
          {canReport && <ReportButton target={{ type: 'reply', id: reply.id }} />}
          {isOwnOpen && (
            <Button variant="ghost" size="sm" aria-label="Edit reply" onClick={() => setDraft(reply.content)}>
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
          )}
          {(isOwnOpen || canModerate) && (
            <ConfirmButton
              label="Delete reply"
              title="Delete this reply?"
              description="It will be removed for everyone."
              confirmLabel="Delete"
              onConfirm={() =>
                remove.mutate(reply.id, {
                  onSuccess: () => toast.success('Reply deleted'),
                  onError: (error) => toast.error('Failed to delete reply', { description: error.message }),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </ConfirmButton>
          )}
        </div>
      )}
    </li>
  );
}
