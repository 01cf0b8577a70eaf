import { useUnreadMessages } from '../api/messages.ts';
import { unreadLabel } from '../api/read-state.ts';
import { useLiveMessages } from '../api/use-live-messages.ts';

/**
 * The number of unread messages, beside the Messages tab; live, whichever tab is open. Positioned, so
 * that its screen-reader text stays inside the tab strip when the strip scrolls (otherwise it widened
 * the page on a phone).
 */
export function UnreadMessagesBadge() {
  useLiveMessages();
  const unread = useUnreadMessages();
  if (unread === 0) return null;
  return (
    <span className="relative ml-1.5 rounded-full bg-rose-600 px-1.5 text-xs leading-5 font-semibold text-white">
      {unreadLabel(unread)}
      <span className="sr-only"> unread</span>
    </span>
  );
}
