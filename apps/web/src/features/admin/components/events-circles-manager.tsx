import type { AdminCircle } from '@lunara/shared/admin';
import { CalendarX, Pencil } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  cancelEvent,
  type ManagedEvent,
  useAdminMutation,
  useAllCircles,
  useUpcomingEvents,
} from '../api/admin-api.ts';
import { CircleForm } from './circle-form.tsx';
import { EventForm } from './event-form.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Upcoming events (edit, cancel) and every circle (edit, activate), for admins. */
export function EventsCirclesManager() {
  const events = useUpcomingEvents();
  const circles = useAllCircles();
  const cancel = useAdminMutation(cancelEvent);
  const [editing, setEditing] = useState<{ event?: ManagedEvent; circle?: AdminCircle } | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-xl text-night-900">Upcoming events</h2>
        <ul className="flex flex-col divide-y divide-line">
          {(events.data?.events ?? []).map((event) => (
            <li key={event.id} className="flex items-center gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <span className="block truncate font-semibold">{event.title}</span>
                <span className="text-xs text-ink-muted">
                  {when.format(new Date(event.eventDate))} · {event.circle.name}
                  {event.visibility === 'circle' ? ' (circle only)' : ''} · {event.attendeeCount} attending
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit ${event.title}`}
                onClick={() => setEditing({ event })}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <ConfirmButton
                label={`Cancel ${event.title}`}
                title="Cancel this event?"
                description="It disappears from the members' events, and those attending are told."
                confirmLabel="Cancel event"
                cancelLabel="Keep event"
                onConfirm={() =>
                  cancel.mutate(event.id, {
                    onSuccess: () => toast.success('Event cancelled'),
                    onError: () => toast.error('Failed to cancel event'),
                  })
                }
              >
                <CalendarX className="size-4" aria-hidden="true" />
              </ConfirmButton>
            </li>
          ))}
        </ul>
        {events.isSuccess && events.data.events.length === 0 && (
          <p className="text-sm text-ink-muted">No upcoming events.</p>
        )}
      </Card>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-xl text-night-900">Circles</h2>
        <ul className="flex flex-col divide-y divide-line">
          {(circles.data?.circles ?? []).map((circle) => (
            <li key={circle.id} className="flex items-center gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <span className="block truncate font-semibold">{circle.name}</span>
                <span className="text-xs text-ink-muted">
                  {circle.type.replace('_', ' ')} · up to {circle.maxMembers}
                </span>
              </span>
              {!circle.isActive && <Badge>Inactive</Badge>}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit ${circle.name}`}
                onClick={() => setEditing({ circle })}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </Card>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing?.event && (
          <DialogContent title="Edit event">
            <EventForm event={editing.event} onDone={() => setEditing(null)} />
          </DialogContent>
        )}
        {editing?.circle && (
          <DialogContent title="Edit circle">
            <CircleForm circle={editing.circle} onDone={() => setEditing(null)} />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
