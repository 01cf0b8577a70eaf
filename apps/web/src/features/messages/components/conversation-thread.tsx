import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useLiveMessages } from '../api/use-live-messages.ts';
import { MessageThread } from './message-thread.tsx';

/**
 * One conversation on its own (a pod page's group chat): the same thread, composer and live updates as
 * in Messages, in a card of its own. Give it a height through `className` (it fills its width).
 */
export function ConversationThread({ conversationId, className }: { conversationId: string; className?: string }) {
  useLiveMessages();
  const viewerId = useMe().user?.id;
  return (
    <section
      aria-label="Group conversation"
      className={cn(
        'flex h-[min(600px,calc(100dvh-6rem))] min-w-0 flex-col overflow-hidden rounded-[var(--radius-card)]',
        'border border-line bg-white shadow-card',
        className,
      )}
    >
      {viewerId ? (
        <MessageThread conversationId={conversationId} viewerId={viewerId} />
      ) : (
        <Spinner className="m-auto text-gold-500" />
      )}
    </section>
  );
}
