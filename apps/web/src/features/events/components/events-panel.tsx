import { EVENT_VIEWS, type EventView } from '@lunara/shared/circles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useEvents } from '../api/events.ts';
import { EventCard } from './event-card.tsx';
import { LinkedEventDialog } from './linked-event-dialog.tsx';

const LABELS: Record<EventView, string> = { all: 'All Events', today: 'Today', week: 'This Week', mine: 'My Events' };
const EMPTY: Record<EventView, string> = {
  all: 'No upcoming events yet.',
  today: 'Nothing on today.',
  week: 'Nothing more this week.',
  mine: 'You have not said yes or maybe to any event yet.',
};

/** "Sacred Events": upcoming events, by the member's own day and week. */
export function EventsPanel() {
  const [view, setView] = useState<EventView>('all');
  const events = useEvents(view);
  useErrorToast(events.error, 'Failed to load events. Please try again.');
  const items = events.data?.events ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  const closeLinkedEvent = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('event');
        return next;
      },
      { replace: true },
    );
  return (
    <section aria-labelledby="events-title" className="flex flex-col gap-5">
      <h2 id="events-title" className="text-2xl text-night-900">
        Sacred Events
      </h2>
      <Tabs value={view} onValueChange={(value) => setView(value as EventView)}>
        <TabsList aria-label="Filter events">
          {EVENT_VIEWS.map((key) => (
            <TabsTrigger key={key} value={key}>
              {LABELS[key]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {events.isPending && <Spinner className="text-gold-500" />}
      {events.isError && <LoadError message="Failed to load events. Please try again." query={events} />}
      {events.isSuccess && items.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          {EMPTY[view]}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {items.map((event) => (
          <EventCard key={event.id} event={event} />
        ))}
      </div>
      <LinkedEventDialog eventId={searchParams.get('event')} onClose={closeLinkedEvent} />
    </section>
  );
}
