import { CalendarPlus, CalendarX, Pencil } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import type { ManagedEvent } from '../../admin/api/admin-api.ts';
import { EventForm } from '../../admin/components/event-form.tsx';
import { useCancelCircleEvent, useCircleEvents } from '../../events/api/events.ts';
import { EventCard } from '../../events/components/event-card.tsx';
import { useRecheckOnRefusal } from '../api/use-live-circle.ts';

/**
 * A circle's upcoming events, its circle-only ones and its Sacred Events alike. Its hosts and admins
 * schedule them here, and edit or cancel those they manage.
 */
export function CircleEvents({ circle, canSchedule }: { circle: { id: string; name: string }; canSchedule: boolean }) {
  const events = useCircleEvents(circle.id, true);
  useRecheckOnRefusal(circle.id, events.error);
  const cancel = useCancelCircleEvent();
  // null: closed; {}: a new event; { event }: editing that one.
  const [form, setForm] = useState<{ event?: ManagedEvent } | null>(null);
  const items = events.data?.events ?? [];
  return (
    <section aria-labelledby="circle-events-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="circle-events-title" className="text-2xl text-night-900">
          Upcoming events
        </h2>
        {canSchedule && (
          <Button onClick={() => setForm({})}>
            <CalendarPlus className="size-4" aria-hidden="true" /> Schedule an event
          </Button>
        )}
      </div>
      {events.isPending && <Spinner className="text-gold-500" />}
      {events.isError && <LoadError message="Failed to load the circle's events" query={events} />}
      {events.isSuccess && items.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          {canSchedule ? 'No upcoming events. Schedule the first gathering.' : 'No upcoming events in this circle yet.'}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {items.map((event) => (
          <EventCard
            key={event.id}
            event={event}
            actions={
              event.canManage && (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${event.title}`}
                    onClick={() => setForm({ event })}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> Edit
                  </Button>
                  <ConfirmButton
                    label={`Cancel ${event.title}`}
                    title="Cancel this event?"
                    description="It disappears from the members' events, and those attending are told."
                    confirmLabel="Cancel event"
                    cancelLabel="Keep event"
                    onConfirm={() =>
                      cancel.mutate(
                        { circleId: circle.id, eventId: event.id },
                        {
                          onSuccess: () => toast.success('Event cancelled'),
                          onError: (error) => toast.error('Failed to cancel event', { description: error.message }),
                        },
                      )
                    }
                  >
                    <CalendarX className="size-4" aria-hidden="true" /> Cancel
                  </ConfirmButton>
                </>
              )
            }
          />
        ))}
      </div>
      <Dialog open={form !== null} onOpenChange={(open) => !open && setForm(null)}>
        {form && (
          <DialogContent
            title={form.event ? 'Edit event' : 'Schedule an event'}
            description={
              form.event
                ? form.event.title
                : `For ${circle.name}: only its members see it unless you choose the whole community.`
            }
          >
            <EventForm circle={circle} event={form.event} onDone={() => setForm(null)} />
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}
