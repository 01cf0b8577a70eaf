import { ANONYMOUS_SISTER } from '@lunara/shared/messages-constants';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useConversations } from '../api/messages.ts';
import { lastMessageLine, memberCountLabel, unreadLabel } from '../api/read-state.ts';
import { GroupAvatar } from './group-avatar.tsx';

/**
 * Her conversations, most recent first: the other sister (or the group: its title and size), when, the
 * last words (in a group, whose), what is unread.
 */
export function ConversationList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
}) {
  const conversations = useConversations();
  const viewerId = useMe().user?.id;
  useErrorToast(conversations.error, 'Failed to load conversations. Please try again.');
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];

  if (conversations.isPending) return <Spinner className="mx-auto my-8 text-gold-500" />;
  if (conversations.isError) {
    return (
      <LoadError
        message="Failed to load conversations. Please try again."
        query={conversations}
        className="p-4 text-sm text-danger"
      />
    );
  }
  if (items.length === 0) {
    return (
      <div className="p-6 text-center text-ink-muted">
        <p className="font-medium text-ink">No conversations yet</p>
        <p className="text-sm">Start a new conversation above</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 pb-3">
      <ul aria-label="Conversations">
        {items.map((conversation) => {
          const other = conversation.otherParticipant;
          const isGroup = conversation.kind === 'group';
          const name = isGroup ? (conversation.title ?? '') : other?.displayName.trim() || ANONYMOUS_SISTER;
          const selected = conversation.id === selectedId;
          return (
            <li key={conversation.id}>
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                className={cn(
                  'flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-moon-100',
                  selected && 'bg-moon-100',
                )}
                onClick={() => onSelect(conversation.id)}
              >
                {isGroup ? <GroupAvatar /> : <Avatar name={name} src={other?.avatarUrl} />}
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cn('truncate', conversation.unreadCount > 0 ? 'font-semibold' : 'font-medium')}>
                      {name}
                      {isGroup && (
                        <span className="ml-1.5 text-xs font-normal text-ink-muted">
                          {memberCountLabel(conversation.memberCount)}
                        </span>
                      )}
                    </span>
                    <span className="shrink-0 text-xs text-ink-muted">{relativeTime(conversation.lastMessageAt)}</span>
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm text-ink-muted">{lastMessageLine(conversation, viewerId)}</span>
                    {conversation.unreadCount > 0 && (
                      <span className="relative shrink-0 rounded-full bg-rose-600 px-1.5 text-xs leading-5 font-semibold text-white">
                        {unreadLabel(conversation.unreadCount)}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={conversations} />
    </div>
  );
}
