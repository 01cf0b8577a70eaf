import {
  BookOpen,
  CalendarPlus,
  CircleDot,
  Flag,
  MessageSquare,
  MessagesSquare,
  PenLine,
  ShieldCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminStats } from '../api/admin-api.ts';
import { CircleForm } from './circle-form.tsx';
import { EventForm } from './event-form.tsx';
import { EventsCirclesManager } from './events-circles-manager.tsx';

/** The eight stat cards, Platform Health and Quick Actions. */
export function AdminDashboard({
  onOpenModeration,
  pendingRequestsHref,
}: {
  onOpenModeration: () => void;
  pendingRequestsHref: string;
}) {
  const stats = useAdminStats();
  const [dialog, setDialog] = useState<'event' | 'circle' | null>(null);
  if (stats.isPending) return <Spinner className="text-gold-500" />;
  if (stats.isError) return <LoadError message="Failed to load admin statistics" query={stats} />;
  const s = stats.data;
  const cards = [
    ['Total Users', s.totalUsers, Users],
    ['Active Subscribers', s.activeSubscribers, ShieldCheck],
    ['Total Posts', s.totalPosts, PenLine],
    ['Comments', s.totalComments, MessageSquare],
    ['Forum Topics', s.totalForumTopics, MessagesSquare],
    ['Active Circles', s.activeCircles, CircleDot],
    ['Upcoming Events', s.upcomingEvents, CalendarPlus],
    ['Unread Notifications', s.unreadNotifications, Flag],
  ] as const;

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map(([label, value, Icon]) => (
          <li
            key={label}
            className="flex flex-col gap-1 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-card"
          >
            <Icon className="size-5 text-rose-600" aria-hidden="true" />
            <span className="font-display text-3xl text-night-900">{value}</span>
            <span className="text-sm text-ink-muted">{label}</span>
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-4">
          <h2 className="text-2xl text-night-900">Platform Health</h2>
          {[
            ['Subscription Rate', s.subscriptionRate, `${s.subscriptionRate}%`],
            ['Engagement Score', Math.min(100, s.engagementScore), `${s.engagementScore}%`],
          ].map(([label, value, text]) => (
            <div key={label as string} className="flex flex-col gap-1">
              <div className="flex justify-between text-sm">
                <span>{label}</span>
                <span className="font-semibold">{text}</span>
              </div>
              <Progress value={value as number} label={label as string} />
            </div>
          ))}
          <p className="flex justify-between text-sm">
            <span>Community Activity</span>
            <span className="font-semibold">{s.communityActivity} circles and upcoming events</span>
          </p>
        </Card>
        <Card className="flex flex-col gap-3">
          <h2 className="text-2xl text-night-900">Quick Actions</h2>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="outline" onClick={() => setDialog('event')}>
              <CalendarPlus className="size-4" aria-hidden="true" /> New event
            </Button>
            <Button variant="outline" onClick={() => setDialog('circle')}>
              <UserPlus className="size-4" aria-hidden="true" /> New circle
            </Button>
            <Button asChild variant="outline">
              <Link to={pendingRequestsHref}>
                <BookOpen className="size-4" aria-hidden="true" /> Circle requests ({s.pendingCircleRequests})
              </Link>
            </Button>
            <Button variant="outline" onClick={onOpenModeration}>
              <Flag className="size-4" aria-hidden="true" /> Moderation queue
            </Button>
          </div>
        </Card>
      </div>
      <EventsCirclesManager />
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog === 'event' && (
          <DialogContent title="New event" description="Members see it in Sacred Events at once.">
            <EventForm onDone={() => setDialog(null)} />
          </DialogContent>
        )}
        {dialog === 'circle' && (
          <DialogContent title="New circle">
            <CircleForm onDone={() => setDialog(null)} />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
