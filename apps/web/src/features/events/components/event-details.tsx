import { type CircleEvent, EVENT_CANCELLED } from '@lunara/shared/circles';
import type { RsvpStatus } from '@lunara/shared/community';
import { formatCount } from '@lunara/shared/plural';
import { isHttpsUrl } from '@lunara/shared/urls-constants';
import { CalendarPlus, CalendarX, Clock, Link2, MapPin } from 'lucide-react';
import { LoadError } from '../../../components/load-error.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { pageNow } from '../../../lib/page-clock.ts';
import { useAttendees, useRsvp } from '../api/events.ts';
import { CircleOnlyBadge } from './circle-only-badge.tsx';
import { fullDate, timeRange } from './event-formatting.ts';
import { rsvpFailed, rsvpUpdated } from './rsvp-toast.ts';

const RESPONSES: Array<[RsvpStatus, string]> = [
  ['going', 'Attending'],
  ['maybe', 'Maybe'],
  ['not_going', "Can't Attend"],
];

/** Why she can no longer answer, if she cannot: cancelled, or already over. */
const closedNotice = (event: CircleEvent) =>
  event.isCancelled ? EVENT_CANCELLED : new Date(event.endDate).getTime() <= pageNow() ? 'This event has ended' : null;

/**
 * Who is going, asked for once the dialog is open: it is drawn inside the dialog's content, which Radix
 * mounts only then (each card of a list of events has its closed dialog, and asked for its attendees).
 * The count is the event's own; the list shows the first ones the server sends.
 */
function WhoIsGoing({ event }: { event: CircleEvent }) {
  const attendees = useAttendees(event.id);
  const list = attendees.data?.attendees ?? [];
  const more = event.attendeeCount - list.length;
  return (
    <section>
      <h3 className="text-lg text-night-900">Who's Going ({event.attendeeCount})</h3>
      {attendees.isPending ? (
        <Spinner className="mt-2 text-gold-500" />
      ) : attendees.isError ? (
        <LoadError className="mt-2 text-sm" message="Failed to load who's going" query={attendees} />
      ) : list.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">Be the first to RSVP for this event!</p>
      ) : (
        <ScrollArea className="mt-2 h-40">
          <ul className="flex flex-col gap-2 pr-3">
            {list.map((attendee) => (
              <li key={attendee.userId} className="flex items-center gap-2 text-sm [overflow-wrap:anywhere]">
                <Avatar name={attendee.displayName} src={attendee.avatarUrl} className="size-7" />{' '}
                {attendee.displayName}
              </li>
            ))}
            {more > 0 && <li className="text-sm text-ink-muted">and {formatCount(more, 'other sister')}</li>}
          </ul>
        </ScrollArea>
      )}
    </section>
  );
}

/** The details dialog: when, where, about, your response and who is going. */
export function EventDetails({ event }: { event: CircleEvent }) {
  const rsvp = useRsvp();
  const closed = closedNotice(event);
  return (
    <DialogContent title={event.title} description={event.circle.name} className="max-w-xl">
      <div className="flex flex-col gap-5">
        {closed && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-[var(--radius-control)] bg-moon-100 p-3 font-semibold text-night-900"
          >
            <CalendarX className="size-4 text-danger" aria-hidden="true" /> {closed}
          </p>
        )}
        {event.visibility === 'circle' && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <CircleOnlyBadge /> Only the members of {event.circle.name} see this event.
          </p>
        )}
        <ul className="flex flex-col gap-2 text-sm [overflow-wrap:anywhere]">
          <li className="flex items-center gap-2">
            <Clock className="size-4 text-rose-600" aria-hidden="true" /> {fullDate(event)}, {timeRange(event)}
          </li>
          {event.isVirtual ? (
            event.meetingLink && isHttpsUrl(event.meetingLink) ? (
              <li className="flex items-center gap-2">
                <Link2 className="size-4 text-rose-600" aria-hidden="true" />
                <span>
                  Join online:{' '}
                  <a
                    href={event.meetingLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-rose-700 underline underline-offset-4"
                  >
                    {event.meetingLink}
                  </a>
                </span>
              </li>
            ) : (
              // Only attendees receive the link (the server leaves it out for everyone else).
              <li className="flex items-center gap-2 text-ink-muted">
                <Link2 className="size-4 text-rose-600" aria-hidden="true" /> Online: the link appears once you answer
                Attend or Maybe
              </li>
            )
          ) : (
            <li className="flex items-center gap-2">
              <MapPin className="size-4 text-rose-600" aria-hidden="true" /> {event.location}
            </li>
          )}
        </ul>
        <section>
          <h3 className="text-lg text-night-900">About This Event</h3>
          <p className="mt-1 text-ink-muted [overflow-wrap:anywhere] whitespace-pre-wrap">{event.description}</p>
        </section>
        {!closed && (
          <section>
            <h3 className="text-lg text-night-900">Your Response</h3>
            <div className="mt-2 flex flex-wrap gap-2">
              {RESPONSES.map(([status, label]) => (
                <Button
                  key={status}
                  size="sm"
                  variant={event.myRsvp === status ? 'primary' : 'outline'}
                  aria-pressed={event.myRsvp === status}
                  disabled={rsvp.isPending}
                  onClick={() =>
                    rsvp.mutate(
                      { eventId: event.id, status },
                      { onSuccess: () => rsvpUpdated(status), onError: (error) => rsvpFailed(error.message) },
                    )
                  }
                >
                  {label}
                </Button>
              ))}
            </div>
          </section>
        )}
        <WhoIsGoing event={event} />
        {!closed && (
          <a href={`/api/events/${event.id}/calendar.ics`} download className={buttonClasses('outline', 'sm')}>
            <CalendarPlus className="size-4" aria-hidden="true" /> Add to calendar
          </a>
        )}
      </div>
    </DialogContent>
  );
}
