import {
  AlarmClock,
  AtSign,
  Bell,
  CalendarClock,
  CalendarDays,
  CalendarX,
  FileArchive,
  Heart,
  MessageCircle,
  MessageSquare,
  MessagesSquare,
  Settings,
  UserPlus,
  Users,
  UserX,
} from 'lucide-react';
import { useState } from 'react';
import type { LoadedMenuProps } from '../../../components/lazy-menu.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { cn } from '../../../lib/cn.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { NotificationPreferencesDialog } from './notification-preferences.tsx';
import { useNotifications } from './notification-provider.tsx';

const ICONS: Record<string, typeof Bell> = {
  message: MessageCircle,
  event_rsvp: CalendarDays,
  event_changed: CalendarClock,
  event_cancelled: CalendarX,
  event_reminder: AlarmClock,
  circle_invite: Users,
  circle_declined: UserX,
  circle_discussion: Users,
  pod_request: UserPlus,
  pod_accepted: Users,
  pod_declined: UserX,
  pod_removed: UserX,
  pod_meeting: CalendarDays,
  data_export_ready: FileArchive,
  forum_reply: MessagesSquare,
  post_like: Heart,
  post_comment: MessageSquare,
  mention: AtSign,
};

/**
 * The bell's popover (notification-bell.tsx): the 50 newest, Mark all read, and the preferences; its code
 * (popover, scroll area, switches) downloads the first time the bell is wanted.
 */
export function NotificationPopover({ trigger, opening }: LoadedMenuProps) {
  const inbox = useNotifications();
  const [open, setOpen] = useState(opening !== null);
  const [showPreferences, setShowPreferences] = useState(false);
  const unread = inbox.unreadCount;
  const items = inbox.notifications;

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>{trigger}</PopoverTrigger>
        <PopoverContent align="end" className="w-[min(24rem,calc(100vw-2rem))] p-0">
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="font-display text-lg text-night-900">Notifications</h2>
            <div className="flex items-center gap-1">
              <Button
                variant="ghost"
                size="sm"
                disabled={unread === 0 || inbox.isMarkingAll}
                onClick={() => inbox.markAllRead()}
              >
                Mark all read
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label="Notification Preferences"
                onClick={() => {
                  setOpen(false);
                  setShowPreferences(true);
                }}
              >
                <Settings className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
          {items.length === 0 ? (
            <p className="p-6 text-center text-sm text-ink-muted">No notifications yet</p>
          ) : (
            <ScrollArea className="h-96">
              <ul>
                {items.map((notification) => {
                  const Icon = ICONS[notification.type] ?? Bell;
                  return (
                    <li key={notification.id}>
                      <button
                        type="button"
                        className={cn(
                          'flex w-full gap-3 px-4 py-3 text-left hover:bg-moon-100',
                          !notification.read && 'bg-gold-300/15',
                        )}
                        onClick={() => {
                          inbox.markRead(notification);
                          setOpen(false);
                          inbox.open(notification);
                        }}
                      >
                        <Icon className="mt-0.5 size-4 shrink-0 text-rose-600" aria-hidden="true" />
                        <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                          <span className="block text-sm font-semibold">{notification.title}</span>
                          <span className="block text-sm text-ink-muted">{notification.message}</span>
                          <span className="text-xs text-ink-muted">{relativeTime(notification.createdAt)}</span>
                        </span>
                        {!notification.read && (
                          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-rose-600">
                            <span className="sr-only">Unread</span>
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </ScrollArea>
          )}
        </PopoverContent>
      </Popover>
      <Dialog open={showPreferences} onOpenChange={setShowPreferences}>
        {showPreferences && <NotificationPreferencesDialog />}
      </Dialog>
    </>
  );
}
