import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useEvent } from '../api/events.ts';
import { EventDetails } from './event-details.tsx';

/**
 * The event a link names (`?event=`, from a notification): its details, also once it is cancelled or
 * over, so that an older notification never leads to a list that no longer holds it.
 */
export function LinkedEventDialog({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const event = useEvent(eventId);
  return (
    <Dialog open={eventId !== null} onOpenChange={(open) => !open && onClose()}>
      {eventId !== null &&
        (event.isSuccess ? (
          <EventDetails event={event.data} />
        ) : (
          <DialogContent title="Event">
            {event.isError ? <p role="alert">{event.error.message}</p> : <Spinner className="text-gold-500" />}
          </DialogContent>
        ))}
    </Dialog>
  );
}
