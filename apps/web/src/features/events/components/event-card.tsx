import type { CircleEvent } from '@lunara/shared/circles';
import type { RsvpStatus } from '@lunara/shared/community';
import { isHttpsUrl } from '@lunara/shared/urls-constants';
import { Clock, MapPin, Users, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useRsvp } from '../api/events.ts';
import { CircleOnlyBadge } from './circle-only-badge.tsx';
import { EventDetails } from './event-details.tsx';
import { dayAndTimeLabel, durationLabel } from './event-formatting.ts';
import { rsvpFailed, rsvpUpdated } from './rsvp-toast.ts';

const RSVP_LABELS: Record<RsvpStatus, string> = { going: 'Attending', maybe: 'Maybe', not_going: "Can't Attend" };

/** One upcoming event; `actions` adds its managers' buttons (a circle's page: edit, cancel). */
export function EventCard({ event, actions }: { event: CircleEvent; actions?: ReactNode }) {
  const rsvp = useRsvp();
  const answer = (status: RsvpStatus) =>
    rsvp.mutate(
      { eventId: event.id, status },
      { onSuccess: () => rsvpUpdated(status), onError: (error) => rsvpFailed(error.message) },
    );
  const isGoing = event.myRsvp === 'going';
  const isFull = event.maxAttendees !== null && event.attendeeCount >= event.maxAttendees;

  return (
    <article
      aria-labelledby={`event-${event.id}`}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="rose" className="[overflow-wrap:anywhere]">
          {event.circle.name}
        </Badge>
        {event.visibility === 'circle' && <CircleOnlyBadge />}
        {event.myRsvp && <Badge tone={isGoing ? 'gold' : 'muted'}>{RSVP_LABELS[event.myRsvp]}</Badge>}
      </div>
      <h3 id={`event-${event.id}`} className="text-xl text-night-900 [overflow-wrap:anywhere]">
        {event.title}
      </h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted [overflow-wrap:anywhere]">
        <li className="inline-flex items-center gap-1">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {/* One run of text, so that on a phone it wraps as a sentence, not as two columns. */}
          <span>
            <time dateTime={event.eventDate}>
              {dayAndTimeLabel(event)} ({relativeTime(event.eventDate)})
            </time>{' '}
            · {durationLabel(event.durationMinutes)}
          </span>
        </li>
        <li className="inline-flex items-center gap-1">
          {event.isVirtual ? (
            <Video className="size-4" aria-hidden="true" />
          ) : (
            <MapPin className="size-4" aria-hidden="true" />
          )}
          {event.isVirtual ? 'Virtual' : event.location}
        </li>
        <li className="inline-flex items-center gap-1">
          <Users className="size-4" aria-hidden="true" /> {event.attendeeCount}
          {event.maxAttendees ? `/${event.maxAttendees}` : ''} attending
        </li>
      </ul>
      <p className="line-clamp-3 text-sm text-ink [overflow-wrap:anywhere]">{event.description}</p>
      <div className="flex flex-wrap gap-2">
        {/* The server sends the link to attendees (going or maybe), the host and staff only. */}
        {event.isVirtual && event.meetingLink && isHttpsUrl(event.meetingLink) && (
          <a
            href={event.meetingLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('gold', 'sm')}
            aria-label={`Join online: ${event.title} (opens in a new tab)`}
          >
            Join online
          </a>
        )}
        {isGoing ? (
          <Button size="sm" variant="outline" disabled={rsvp.isPending} onClick={() => answer('not_going')}>
            Can't Attend
          </Button>
        ) : (
          <>
            <Button size="sm" disabled={rsvp.isPending || isFull} onClick={() => answer('going')}>
              {isFull ? 'Full' : 'Attend'}
            </Button>
            <Button size="sm" variant="outline" disabled={rsvp.isPending} onClick={() => answer('maybe')}>
              Maybe
            </Button>
          </>
        )}
        <Dialog>
          <DialogTrigger asChild>
            <Button size="sm" variant="ghost">
              View Details
            </Button>
          </DialogTrigger>
          <EventDetails event={event} />
        </Dialog>
        {actions}
      </div>
    </article>
  );
}
