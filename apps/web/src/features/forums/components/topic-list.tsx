import type { TopicBody } from '@lunara/shared/forums';
import { formatCount } from '@lunara/shared/plural';
import { ArrowLeft, Eye, Lock, MessageCircle, Pin, Plus } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { createTopic, useForumMutation } from '../api/forum-mutations.ts';
import { useForumCategories, useTopics } from '../api/forum-queries.ts';
import { MarkAllReadButton } from './mark-all-read-button.tsx';
import { TopicForm } from './topic-form.tsx';
import { TopicReadBadge } from './topic-read-badge.tsx';

/** A category's topics with "Back to Categories" and "New Topic". */
export function TopicList({
  categoryId,
  onBack,
  onOpenTopic,
}: {
  categoryId: string;
  onBack: () => void;
  onOpenTopic: (topicId: string) => void;
}) {
  const topics = useTopics(categoryId);
  useErrorToast(topics.error, 'Failed to load topics');
  const category = useForumCategories().data?.categories.find((candidate) => candidate.id === categoryId);
  const [isComposing, setIsComposing] = useState(false);
  const create = useForumMutation(({ body, idempotencyKey }: { body: TopicBody; idempotencyKey: string }) =>
    createTopic(categoryId, body, idempotencyKey),
  );
  const submit = useSubmitOnce();
  const items = topics.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="flex flex-col gap-4" aria-labelledby="topics-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Categories
        </Button>
        <div className="flex flex-wrap gap-2">
          <MarkAllReadButton categoryId={categoryId} />
          <Button onClick={() => setIsComposing(true)}>
            <Plus className="size-4" aria-hidden="true" /> New Topic
          </Button>
        </div>
      </div>
      <h2 id="topics-title" className="text-2xl text-night-900">
        {category?.name ?? 'Topics'}
      </h2>
      {topics.isPending && <Spinner className="text-gold-500" />}
      {topics.isError && <LoadError message="Failed to load topics" query={topics} />}
      {topics.isSuccess && items.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          No topics yet. Be the first to start a discussion!
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {items.map((topic) => (
          <li key={topic.id}>
            <button
              type="button"
              onClick={() => onOpenTopic(topic.id)}
              className="flex w-full flex-col gap-2 rounded-[var(--radius-card)] border border-line bg-white p-4 text-left hover:border-gold-400"
            >
              <span className="flex items-center gap-2">
                {topic.isPinned && <Pin role="img" className="size-4 text-gold-500" aria-label="Pinned" />}
                {topic.isLocked && <Lock role="img" className="size-4 text-ink-muted" aria-label="Locked" />}
                <span className="font-medium text-night-900 [overflow-wrap:anywhere]">{topic.title}</span>
                <TopicReadBadge readState={topic.readState} />
              </span>
              <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-ink-muted [overflow-wrap:anywhere]">
                <span>
                  by {topic.author.displayName}, {relativeTime(topic.createdAt)}
                </span>
                <span className="inline-flex items-center gap-1">
                  <MessageCircle className="size-3.5" aria-hidden="true" />{' '}
                  {formatCount(topic.repliesCount, 'reply', 'replies')}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Eye className="size-3.5" aria-hidden="true" /> {formatCount(topic.viewsCount, 'view')}
                </span>
                <span>
                  {topic.lastReplyAt
                    ? `Last reply by ${topic.lastReplyUserName}, ${relativeTime(topic.lastReplyAt)}`
                    : 'No replies yet'}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={topics} />
      <Dialog open={isComposing} onOpenChange={setIsComposing}>
        <DialogContent title="New Topic" description={category ? `In ${category.name}` : undefined}>
          <TopicForm
            submitLabel="Start Topic"
            isBusy={create.isPending}
            onCancel={() => setIsComposing(false)}
            draftName="topic"
            onSubmit={(body, clearDraft) => {
              const idempotencyKey = submit.begin();
              if (!idempotencyKey) return;
              create.mutate(
                { body, idempotencyKey },
                {
                  onSuccess: (topic) => {
                    submit.succeeded();
                    clearDraft();
                    toast.success('Topic created');
                    setIsComposing(false);
                    onOpenTopic(topic.id);
                  },
                  onError: (error) => toast.error('Failed to create topic', { description: error.message }),
                  onSettled: submit.settled,
                },
              );
            }}
          />
        </DialogContent>
      </Dialog>
    </section>
  );
}
