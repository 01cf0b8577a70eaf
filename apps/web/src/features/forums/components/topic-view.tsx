import { REPLY_MAX, TOPIC_CONTENT_MAX, TOPIC_TITLE_MAX, type TopicDetail } from '@lunara/shared/forums';
import { formatCount } from '@lunara/shared/plural';
import { isModeratorRole, type Role } from '@lunara/shared/roles-constants';
import { ArrowLeft, Lock, LockOpen, Pencil, Pin, PinOff, Send, Trash2 } from 'lucide-react';
import { Fragment, type KeyboardEvent, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EditInPlace } from '../../../components/edit-in-place.tsx';
import { EditedMark } from '../../../components/edited-mark.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { FormattedText } from '../../../components/rich-text/formatted-text.tsx';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { EDIT_BUTTON_ATTRIBUTE, useFocusAfterEdit } from '../../../lib/use-focus-after-edit.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { MuteButton } from '../../account/components/mute-button.tsx';
import { SaveButton } from '../../bookmarks/components/save-button.tsx';
import { HiddenForReviewNote, ReportButton } from '../../moderation/components/report-button.tsx';
import { addReply, deleteTopic, editTopic, setTopicFlag, useForumMutation } from '../api/forum-mutations.ts';
import { useReplies, useTopic } from '../api/forum-queries.ts';
import { firstNewReplyId, useTopicReadMark } from '../api/mark-topic-read.ts';
import { NewRepliesDivider } from './new-replies-divider.tsx';
import { ReplyItem } from './reply-item.tsx';

interface TopicViewProps {
  topicId: string;
  viewer: { id: string; role: Role };
  onBack: () => void;
  onOpenProfile: (userId: string) => void;
}

function ModeratorControls({ topic }: { topic: TopicDetail }) {
  const flag = useForumMutation(({ kind, value }: { kind: 'pin' | 'lock'; value: boolean }) =>
    setTopicFlag(topic.id, kind, value),
  );
  const run = (kind: 'pin' | 'lock', value: boolean, done: string) =>
    flag.mutate(
      { kind, value },
      { onSuccess: () => toast.success(done), onError: () => toast.error('Failed to update topic') },
    );
  return (
    <div className="flex gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={flag.isPending}
        onClick={() => run('pin', !topic.isPinned, topic.isPinned ? 'Topic unpinned' : 'Topic pinned')}
      >
        {topic.isPinned ? (
          <PinOff className="size-4" aria-hidden="true" />
        ) : (
          <Pin className="size-4" aria-hidden="true" />
        )}
        {topic.isPinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={flag.isPending}
        onClick={() =>
          run('lock', !topic.isLocked, topic.isLocked ? 'Topic unlocked successfully' : 'Topic locked successfully')
        }
      >
        {topic.isLocked ? (
          <LockOpen className="size-4" aria-hidden="true" />
        ) : (
          <Lock className="size-4" aria-hidden="true" />
        )}
        {topic.isLocked ? 'Unlock' : 'Lock'}
      </Button>
    </div>
  );
}

function ReplyBox({ topicId }: { topicId: string }) {
  const [draft, setDraft, clearDraft] = useDraft(`reply-${topicId}`);
  const reply = useForumMutation(({ content, idempotencyKey }: { content: string; idempotencyKey: string }) =>
    addReply(topicId, content, idempotencyKey),
  );
  const submit = useSubmitOnce();
  const isBlank = draft.trim().length === 0;
  const send = () => {
    if (isBlank) return;
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    reply.mutate(
      { content: draft, idempotencyKey },
      {
        onSuccess: () => {
          submit.succeeded();
          clearDraft();
          toast.success('Reply posted');
        },
        onError: (error) => toast.error('Failed to post reply', { description: error.message }),
        onSettled: submit.settled,
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && !event.defaultPrevented) {
      event.preventDefault();
      send();
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-[var(--radius-card)] border border-line bg-white p-4">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: listens to the editor's textarea, not a control itself. */}
      <div onKeyDown={onKeyDown}>
        <RichTextEditor
          id={`reply-${topicId}`}
          label="Write a reply"
          hideLabel
          placeholder="Share your thoughts..."
          value={draft}
          maxLength={REPLY_MAX}
          onChange={setDraft}
        />
      </div>
      <Button className="self-end" disabled={isBlank || reply.isPending} onClick={send}>
        <Send className="size-4" aria-hidden="true" /> {reply.isPending ? 'Posting...' : 'Post Reply'}
      </Button>
    </div>
  );
}

/** A topic and its replies: the reply box, or a notice when the topic is locked. */
export function TopicView({ topicId, viewer, onBack, onOpenProfile }: TopicViewProps) {
  const topic = useTopic(topicId);
  const replies = useReplies(topicId);
  const previousReadAt = useTopicReadMark(topicId, topic.data?.categoryId, replies.isSuccess);
  const [isEditing, setIsEditing] = useState(false);
  useFocusAfterEdit(isEditing ? topicId : null);
  const edit = useForumMutation((body: Parameters<typeof editTopic>[1]) => editTopic(topicId, body));
  const remove = useForumMutation(() => deleteTopic(topicId));

  if (topic.isPending) return <Spinner className="text-gold-500" />;
  if (topic.isError) return <p role="alert">{topic.error.message}</p>;
  const data = topic.data;
  const isAuthor = data.author.id === viewer.id;
  const canModerate = isModeratorRole(viewer.role);
  const items = replies.data?.pages.flatMap((page) => page.items) ?? [];
  const firstNewId = firstNewReplyId(items, previousReadAt, viewer.id);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="topic-title">
      <Button variant="ghost" size="sm" className="self-start" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to {data.category.name}
      </Button>
      <article className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
        <div className="flex flex-wrap items-center gap-2">
          {data.isPinned && <Badge tone="gold">Pinned</Badge>}
          {data.isLocked && <Badge tone="night">Locked</Badge>}
        </div>
        {isEditing ? (
          <EditInPlace
            id={`topic-edit-${topicId}`}
            label="What would you like to discuss?"
            title={{ value: data.title, maxLength: TOPIC_TITLE_MAX }}
            content={data.content}
            maxLength={TOPIC_CONTENT_MAX}
            rows={7}
            onCancel={() => setIsEditing(false)}
            onSave={async (values) => {
              await edit.mutateAsync({ title: values.title ?? data.title, content: values.content });
              setIsEditing(false);
              toast.success('Topic updated');
            }}
          />
        ) : (
          <>
            <h2 id="topic-title" className="text-2xl text-night-900 [overflow-wrap:anywhere]">
              {data.title}
            </h2>
            <button
              type="button"
              className="flex items-center gap-2 self-start text-left text-sm text-ink-muted [overflow-wrap:anywhere]"
              onClick={() => onOpenProfile(data.author.id)}
            >
              <Avatar name={data.author.displayName} src={data.author.avatarUrl} className="size-7" />
              <span>
                {data.author.displayName} · {relativeTime(data.createdAt)} · {formatCount(data.viewsCount, 'view')}
                <EditedMark editedAt={data.editedAt} />
              </span>
            </button>
            <FormattedText text={data.content} />
            {data.hiddenForReview && <HiddenForReviewNote />}
          </>
        )}
        <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3">
          {canModerate && <ModeratorControls topic={data} />}
          {isAuthor && !data.isLocked && !isEditing && (
            <Button
              variant="ghost"
              size="sm"
              {...{ [EDIT_BUTTON_ATTRIBUTE]: topicId }}
              onClick={() => setIsEditing(true)}
            >
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </Button>
          )}
          {((isAuthor && !data.isLocked) || canModerate) && (
            <ConfirmButton
              label="Delete topic"
              title="Delete this topic?"
              description="The topic and all its replies will be removed."
              confirmLabel="Delete topic"
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    toast.success('Topic deleted');
                    onBack();
                  },
                  onError: (error) => toast.error('Failed to delete topic', { description: error.message }),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </ConfirmButton>
          )}
          <MuteButton target={{ kind: 'topic', id: topicId }} className="ml-auto" />
          <SaveButton kind="topic" itemId={topicId} />
          {!isAuthor && <ReportButton target={{ type: 'topic', id: topicId }} />}
        </div>
      </article>
      <h3 className="text-lg text-night-900">
        {data.repliesCount} {data.repliesCount === 1 ? 'reply' : 'replies'}
      </h3>
      <ol className="flex flex-col gap-3">
        {items.map((reply) => (
          <Fragment key={reply.id}>
            {reply.id === firstNewId && <NewRepliesDivider />}
            <ReplyItem
              reply={reply}
              isOwnOpen={reply.author.id === viewer.id && !data.isLocked}
              canModerate={canModerate}
              canReport={reply.author.id !== viewer.id}
              onOpenProfile={onOpenProfile}
            />
          </Fragment>
        ))}
      </ol>
      <LoadMoreButton query={replies} label="Show more replies" />
      {data.isLocked ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-[var(--radius-card)] border border-line bg-moon-100 p-4 text-ink-muted"
        >
          <Lock className="size-4" aria-hidden="true" /> This topic is locked: it takes no new replies.
        </p>
      ) : (
        <ReplyBox topicId={topicId} />
      )}
    </section>
  );
}
