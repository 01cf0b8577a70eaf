import { useUnreadMessages } from '../api/messages.ts';
import { useLiveMessages } from '../api/use-live-messages.ts';

/** The number of unread messages, beside the Messages tab; live, whichever tab is open. */
export function UnreadMessagesBadge() {
  useLiveMessages();
  const unread = useUnreadMessages();
  if (unread === 0) return null;
  return (
    <span className="ml-1.5 rounded-full bg-rose-600 px-1.5 text-xs leading-5 font-semibold text-white">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
