import { REPLY_MAX, type Reply } from '@lunara/shared/forums';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EditInPlace } from '../../../components/edit-in-place.tsx';
import { EditedMark } from '../../../components/edited-mark.tsx';
import { FormattedText } from '../../../components/rich-text/formatted-text.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { EDIT_BUTTON_ATTRIBUTE, useFocusAfterEdit } from '../../../lib/use-focus-after-edit.ts';
import { HiddenByBlockLine } from '../../account/components/hidden-by-block-line.tsx';
import { HiddenForReviewNote, ReportButton } from '../../moderation/components/report-button.tsx';
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
  const [isEditing, setIsEditing] = useState(false);
  useFocusAfterEdit(isEditing ? reply.id : null);
  const edit = useForumMutation((content: string) => editReply(reply.id, content));
  const remove = useForumMutation(deleteReply);
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
          <span className="text-xs text-ink-muted">{relativeTime(reply.createdAt)}</span>
          <EditedMark editedAt={reply.editedAt} />
        </p>
        {isEditing ? (
          <EditInPlace
            id={`reply-edit-${reply.id}`}
            label="Edit your reply"
            content={reply.content}
            maxLength={REPLY_MAX}
            onCancel={() => setIsEditing(false)}
            onSave={async ({ content }) => {
              await edit.mutateAsync(content);
              setIsEditing(false);
              toast.success('Reply updated');
            }}
          />
        ) : (
          <>
            <FormattedText text={reply.content} className="mt-1" />
            {reply.hiddenForReview && <HiddenForReviewNote />}
          </>
        )}
      </div>
      {!isEditing && (
        <div className="flex items-start">
          {canReport && <ReportButton target={{ type: 'reply', id: reply.id }} />}
          {isOwnOpen && (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Edit reply"
              {...{ [EDIT_BUTTON_ATTRIBUTE]: reply.id }}
              onClick={() => setIsEditing(true)}
            >
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
