import type { Conversation } from '@lunara/shared/messages';
import { MessageCircleHeart, SquarePen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { useLiveMessages } from '../api/use-live-messages.ts';
import { ConversationList } from './conversation-list.tsx';
import { MessageThread } from './message-thread.tsx';
import { StartConversationDialog } from './start-conversation-dialog.tsx';

/** Tailwind's `md`: from here both panes show side by side. */
const TWO_PANES = '(min-width: 48rem)';

/**
 * Messages: the two-pane view, 600 px high (spec). On a phone one pane shows at a time: the list,
 * or the open conversation with a way back, which is brought up under the sticky header and no taller than
 * the screen, so the message box shows without scrolling. Neither pane grows wider than its column,
 * whatever a message holds.
 */
export function MessagesPanel({
  viewerId,
  conversationId,
  onSelect,
}: {
  viewerId: string;
  conversationId: string | null;
  onSelect: (conversationId: string | null) => void;
}) {
  useLiveMessages();
  const [starting, setStarting] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (conversationId && !window.matchMedia(TWO_PANES).matches) panel.current?.scrollIntoView({ block: 'start' });
  }, [conversationId]);

  return (
    <div
      ref={panel}
      className={cn(
        'grid h-[min(600px,calc(100dvh-6rem))] scroll-mt-20 grid-cols-1 overflow-hidden rounded-[var(--radius-card)]',
        'border border-line bg-white shadow-card md:h-[600px] md:grid-cols-[20rem_minmax(0,1fr)]',
      )}
    >
      <section
        aria-label="Conversations"
        className={cn('min-h-0 min-w-0 flex-col border-line md:flex md:border-r', conversationId ? 'hidden' : 'flex')}
      >
        <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h2 className="font-display text-xl text-night-900">Messages</h2>
          <Button size="sm" variant="outline" onClick={() => setStarting(true)}>
            <SquarePen className="size-4" aria-hidden="true" /> New
            <span className="sr-only"> conversation</span>
          </Button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList selectedId={conversationId} onSelect={onSelect} />
        </div>
      </section>
      <section
        aria-label="Conversation"
        className={cn('min-h-0 min-w-0 flex-col md:flex', conversationId ? 'flex' : 'hidden')}
      >
        {conversationId ? (
          <MessageThread conversationId={conversationId} viewerId={viewerId} onBack={() => onSelect(null)} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
            <MessageCircleHeart className="size-10 text-rose-600" aria-hidden="true" />
            <h3 className="font-display text-2xl text-night-900">Sacred Sister Messages</h3>
            <p className="max-w-sm text-ink-muted">
              Select a conversation or start a new one to connect with your sisters.
            </p>
          </div>
        )}
      </section>
      <Dialog open={starting} onOpenChange={setStarting}>
        {starting && (
          <StartConversationDialog
            onStarted={(conversation: Conversation) => {
              setStarting(false);
              onSelect(conversation.id);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
