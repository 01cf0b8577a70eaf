import type { PodMeeting } from '@lunara/shared/pods';
import { isHttpsUrl } from '@lunara/shared/urls-constants';
import { CalendarPlus, CalendarX, MapPin, Video } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { localDateFormat } from '../../../lib/local-format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelMeeting } from '../api/pods.ts';
import { MeetingForm } from './meeting-form.tsx';

const when = () => localDateFormat({ dateStyle: 'full', timeStyle: 'short' });

function MeetingItem({
  podId,
  meeting,
  canLead,
  isNext,
}: {
  podId: string;
  meeting: PodMeeting;
  canLead: boolean;
  isNext: boolean;
}) {
  const cancel = useCancelMeeting();
  return (
    <li className={isNext ? 'flex flex-col gap-1 py-2' : 'flex flex-col gap-1 py-2 text-sm'}>
      <div className="flex min-w-0 items-start gap-2">
        <div className="min-w-0 flex-1">
          <p
            className={
              isNext ? 'text-lg font-semibold [overflow-wrap:anywhere]' : 'font-medium [overflow-wrap:anywhere]'
            }
          >
            {meeting.title}
          </p>
          <p className="text-sm text-ink-muted">
            <time dateTime={meeting.startsAt}>{when().format(new Date(meeting.startsAt))}</time> ·{' '}
            {meeting.durationMinutes} min
          </p>
        </div>
        {canLead && (
          <ConfirmButton
            label={`Cancel ${meeting.title}`}
            title="Cancel this meeting?"
            description="It disappears from the pod page."
            confirmLabel="Cancel meeting"
            cancelLabel="Keep meeting"
            onConfirm={() =>
              cancel.mutate(
                { podId, meetingId: meeting.id },
                {
                  onSuccess: () => toast.success('Meeting cancelled'),
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          >
            <CalendarX className="size-4" aria-hidden="true" />
          </ConfirmButton>
        )}
      </div>
      {isNext && meeting.description && (
        <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">{meeting.description}</p>
      )}
      {meeting.meetingLink && isHttpsUrl(meeting.meetingLink) && (
        <a
          href={meeting.meetingLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-rose-700 hover:underline"
        >
          <Video className="size-4" aria-hidden="true" /> Join the meeting
        </a>
      )}
      {meeting.location && (
        <p className="inline-flex items-center gap-1 text-sm [overflow-wrap:anywhere]">
          <MapPin className="size-4 shrink-0" aria-hidden="true" /> {meeting.location}
        </p>
      )}
    </li>
  );
}

/** The next pod meeting (and the few after it): seen by the pod's people only. */
export function PodMeetings({ podId, meetings, canLead }: { podId: string; meetings: PodMeeting[]; canLead: boolean }) {
  const [scheduling, setScheduling] = useState(false);
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl text-night-900">Next pod meeting</h2>
        {canLead && (
          <Button size="sm" variant="outline" onClick={() => setScheduling(true)}>
            <CalendarPlus className="size-4" aria-hidden="true" /> Schedule
          </Button>
        )}
      </div>
      {meetings.length === 0 ? (
        <p className="text-sm text-ink-muted">No meeting scheduled yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {meetings.map((meeting, index) => (
            <MeetingItem key={meeting.id} podId={podId} meeting={meeting} canLead={canLead} isNext={index === 0} />
          ))}
        </ul>
      )}
      <Dialog open={scheduling} onOpenChange={setScheduling}>
        {scheduling && (
          <DialogContent title="Schedule a pod meeting" description="Only the people in this pod see it.">
            <MeetingForm podId={podId} onDone={() => setScheduling(false)} />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}
