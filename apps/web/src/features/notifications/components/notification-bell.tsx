import { Bell } from 'lucide-react';
import { lazyMenu } from '../../../components/lazy-menu.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useNotifications } from './notification-provider.tsx';

const NotificationPopover = lazyMenu(
  () => import('./notification-popover.tsx').then((module) => module.NotificationPopover),
  'dialog',
);

/** The bell: unread badge (capped at 99+); pressed, the 50 newest, Mark all read, and the preferences. */
export function NotificationBell() {
  const unread = useNotifications().unreadCount;
  return (
    <NotificationPopover
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="relative"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell className="size-4" aria-hidden="true" />
          {unread > 0 && (
            <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-[0.7rem] leading-5 font-semibold text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      }
    />
  );
}
