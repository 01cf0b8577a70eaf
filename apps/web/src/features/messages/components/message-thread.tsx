import { HIDDEN_BLOCKED_LINE } from '@lunara/shared/blocks-constants';
import { ANONYMOUS_SISTER } from '@lunara/shared/messages-constants';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { useBlockState } from '../../account/api/blocks.ts';
import { ReportButton } from '../../moderation/components/report-button.tsx';
import { useConversation, useMarkConversationRead, useSendMessage, useThread } from '../api/messages.ts';
import { useOutbox } from '../api/outbox.ts';
import { memberCountLabel, newestToRead } from '../api/read-state.ts';
import { GroupAvatar } from './group-avatar.tsx';
import { MessageComposer } from './message-composer.tsx';
import { OutgoingMessage } from './outgoing-message.tsx';
import { ThreadSafetyActions } from './thread-safety-actions.tsx';

/**
 * The right pane: who she is talking with (a group: its title and size), the bubbles (hers on the right,
 * then those still on their way; in a group each of the others' is signed), and the composer with the
 * conversation's draft. Without `onBack` (embedded on a pod page) there is no way back to show.
 */
export function MessageThread({
  conversationId,
  viewerId,
  onBack,
}: {
  conversationId: string;
  viewerId: string;
  onBack?: () => void;
}) {
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId);
  const markRead = useMarkConversationRead();
  const send = useSendMessage(conversationId);
  const outbox = useOutbox(conversationId);
  const [draft, setDraft, clearDraft] = useDraft(`message:${conversationId}`);
  const scroller = useRef<HTMLDivElement>(null);
  // Pages come newest first; each page is oldest first.
  const messages = [...(thread.data?.pages ?? [])].reverse().flatMap((page) => page.items);
  const lastId = outbox.at(-1)?.key ?? messages.at(-1)?.id;
  const isGroup = conversation.data?.kind === 'group';
  const readTrigger = newestToRead(messages, viewerId, isGroup);

  // Opening it, and every message that arrives while it is open, reads it.
  useEffect(() => {
    if (readTrigger) markRead.mutate(conversationId);
  }, [conversationId, readTrigger, markRead.mutate]);

  // The newest message in view when one arrives (not when earlier ones are loaded above).
  useEffect(() => {
    if (lastId) scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [lastId]);

  const other = conversation.data?.otherParticipant;
  const otherName = other ? other.displayName.trim() || ANONYMOUS_SISTER : '';
  const heading = isGroup ? (conversation.data?.title ?? '') : otherName;
  // Only her own block is known here: a member who blocked her still sees the composer, and her send is refused.
  const iBlockedOther = useBlockState(other?.id ?? null, !isGroup).data?.blocked === true;

  if (conversation.isError) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-ink-muted">
        <p>{conversation.error.message}</p>
        {onBack && (
          <Button variant="outline" size="sm" onClick={onBack}>
            Back to conversations
          </Button>
        )}
      </div>
    );
  }

  return (
    <>
      <header className="flex items-center gap-3 border-b border-line px-4 py-3">
        {onBack && (
          <Button variant="ghost" size="sm" className="md:hidden" aria-label="Back to conversations" onClick={onBack}>
            <ArrowLeft className="size-4" aria-hidden="true" />
          </Button>
        )}
        {conversation.data && isGroup ? (
          <>
            <GroupAvatar className="size-9" />
            <span className="min-w-0">
              <h3 className="truncate font-display text-lg text-night-900">{heading}</h3>
              <p className="text-xs text-ink-muted">{memberCountLabel(conversation.data.memberCount)}</p>
            </span>
            <ThreadSafetyActions conversationId={conversationId} other={null} />
          </>
        ) : other ? (
          <>
            <Avatar name={otherName} src={other.avatarUrl} className="size-9" />
            <h3 className="min-w-0 truncate font-display text-lg text-night-900">{otherName}</h3>
            <ThreadSafetyActions conversationId={conversationId} other={{ id: other.id, name: otherName }} />
          </>
        ) : (
          <Spinner className="text-gold-500" />
        )}
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-3" aria-live="polite">
        {thread.isPending ? (
          <Spinner className="mx-auto my-8 text-gold-500" />
        ) : (
          <div className="flex flex-col gap-3">
            {thread.hasNextPage && (
              <Button
                variant="ghost"
                size="sm"
                className="self-center"
                disabled={thread.isFetchingNextPage}
                onClick={() => thread.fetchNextPage()}
              >
                {thread.isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
              </Button>
            )}
            {messages.length === 0 && (
              <p className="py-8 text-center text-sm text-ink-muted">
                {isGroup ? 'No messages yet: say hello to your group.' : `Say hello to ${otherName || 'your sister'}.`}
              </p>
            )}
            <ol className="flex flex-col gap-3" aria-label="Messages">
              {messages.map((message) => {
                const own = message.senderId === viewerId;
                const senderName = message.sender.displayName.trim() || ANONYMOUS_SISTER;
                if (message.hiddenByBlock) {
                  // A member she blocked wrote here (in a group): the server sent no text.
                  return (
                    <li key={message.id} className="py-1 text-center text-xs text-ink-muted italic">
                      {HIDDEN_BLOCKED_LINE}
                    </li>
                  );
                }
                return (
                  <li key={message.id} className={cn('flex items-end gap-2', own && 'justify-end')}>
                    {!own && <Avatar name={senderName} src={message.sender.avatarUrl} className="size-8" />}
                    <div
                      className={cn(
                        'max-w-[80%] min-w-0 rounded-2xl px-3.5 py-2',
                        own ? 'rounded-br-sm bg-night-800 text-white' : 'rounded-bl-sm bg-moon-100 text-ink',
                      )}
                    >
                      {isGroup && !own && <p className="truncate text-xs font-semibold text-night-700">{senderName}</p>}
                      {/* Anywhere: one long word or link wraps instead of widening the bubble and the page. */}
                      <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.content}</p>
                      <p className={cn('mt-1 text-xs', own ? 'text-white/75' : 'text-ink-muted')}>
                        <span className="sr-only">{own ? 'You, ' : `${senderName}, `}</span>
                        {relativeTime(message.createdAt)}
                      </p>
                    </div>
                    {!own && <ReportButton target={{ type: 'message', id: message.id }} className="px-2" />}
                  </li>
                );
              })}
              {outbox.map((message) => (
                <OutgoingMessage
                  key={message.key}
                  message={message}
                  onRetry={() => send.retry(message)}
                  onEdit={() => {
                    send.remove(message);
                    // Nothing she typed meanwhile is lost either.
                    setDraft(draft.trim() ? `${message.content}\n${draft}` : message.content);
                  }}
                />
              ))}
            </ol>
          </div>
        )}
      </div>
      {iBlockedOther ? (
        <p className="border-t border-line px-4 py-3 text-center text-sm text-ink-muted">
          You blocked {otherName}. Unblock her to write here again.
        </p>
      ) : (
        <MessageComposer
          text={draft}
          onTextChange={setDraft}
          ready={send.ready}
          onSend={(content) => {
            // The outbox keeps the text now (shown in the thread until the server has it).
            send.send(content);
            clearDraft();
          }}
        />
      )}
    </>
  );
}
