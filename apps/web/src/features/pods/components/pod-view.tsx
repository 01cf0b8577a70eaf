import type { PodDetail } from '@lunara/shared/pods';
import type { Role } from '@lunara/shared/roles-constants';
import { Clock, LogOut } from 'lucide-react';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast.ts';
import { ConversationThread } from '../../messages/components/conversation-thread.tsx';
import { useLeavePod } from '../api/pods.ts';
import { useLivePods } from '../api/use-live-pods.ts';
import { JoinRequestDialog } from './join-request-dialog.tsx';
import { PodGoals } from './pod-goals.tsx';
import { PodMeetings } from './pod-meetings.tsx';
import { PodMembers } from './pod-members.tsx';
import { isFull, placesText } from './pod-places.ts';
import { PodRequests } from './pod-requests.tsx';

function JoinOrLeave({ pod, onLeft }: { pod: PodDetail; onLeft: () => void }) {
  const leave = useLeavePod();
  const [asking, setAsking] = useState(false);
  if (pod.myRole === 'mentor') return <Badge tone="gold">You mentor this pod</Badge>;
  if (pod.myStatus === 'accepted' || pod.myStatus === 'pending') {
    const isMember = pod.myStatus === 'accepted';
    return (
      <div className="flex flex-wrap items-center gap-2">
        {!isMember && (
          <Badge tone="muted">
            <Clock className="size-3" aria-hidden="true" /> Request pending
          </Badge>
        )}
        <ConfirmButton
          variant="outline"
          label={isMember ? 'Leave pod' : 'Withdraw request'}
          title={isMember ? `Leave ${pod.name}?` : 'Withdraw your request?'}
          description={
            isMember
              ? 'You leave its conversation too. To come back you would ask again.'
              : 'The mentor will no longer see it.'
          }
          confirmLabel={isMember ? 'Leave pod' : 'Withdraw'}
          onConfirm={() =>
            leave.mutate(pod.id, {
              onSuccess: () => {
                toast.success(isMember ? `You left ${pod.name}` : 'Request withdrawn');
                if (isMember) onLeft();
              },
              onError: (error) => toast.error(error.message),
            })
          }
        >
          <LogOut className="size-4" aria-hidden="true" /> {isMember ? 'Leave pod' : 'Withdraw'}
        </ConfirmButton>
      </div>
    );
  }
  if (!pod.isOpen) return <Badge tone="muted">Not taking requests</Badge>;
  const full = isFull(pod);
  return (
    <>
      <Button disabled={full} onClick={() => setAsking(true)}>
        {full ? 'Pod full' : 'Ask to join'}
      </Button>
      <JoinRequestDialog pod={pod} open={asking} onClose={() => setAsking(false)} />
    </>
  );
}

/** The pod page's content: its description for anyone who may see it, and its life for its people. */
export function PodView({
  pod,
  viewer,
  onLeft,
}: {
  pod: PodDetail;
  viewer: { id: string; role: Role };
  onLeft: () => void;
}) {
  useLivePods();
  const inside = pod.inside;
  const isMember = pod.myStatus === 'accepted';
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="rose">{pod.focus}</Badge>
          <span className="text-xs font-medium text-ink-muted">{placesText(pod)}</span>
        </div>
        <h1 className="text-3xl text-night-900 [overflow-wrap:anywhere] sm:text-4xl">{pod.name}</h1>
        <p className="max-w-3xl whitespace-pre-line text-ink-muted [overflow-wrap:anywhere]">{pod.description}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {pod.mentor ? (
            <p className="flex min-w-0 items-center gap-2">
              <Avatar name={pod.mentor.displayName} src={pod.mentor.avatarUrl} className="size-9 text-sm" />
              <span className="min-w-0 truncate">
                Mentor: <span className="font-semibold">{pod.mentor.displayName}</span>
              </span>
            </p>
          ) : (
            <p className="text-sm text-ink-muted">No mentor yet: an admin will choose one.</p>
          )}
          <JoinOrLeave pod={pod} onLeft={onLeft} />
        </div>
      </header>
      {inside?.canLead && <PodRequests podId={pod.id} />}
      {inside ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <PodMeetings podId={pod.id} meetings={inside.meetings} canLead={inside.canLead} />
            <PodGoals podId={pod.id} goals={inside.goals} canEdit={inside.canLead} />
            <section aria-labelledby="pod-conversation" className="flex flex-col gap-3">
              <h2 id="pod-conversation" className="text-xl text-night-900">
                Pod conversation
              </h2>
              {isMember && inside.conversationId ? (
                <ConversationThread conversationId={inside.conversationId} className="h-[32rem]" />
              ) : (
                <Card className="p-5 text-sm text-ink-muted">
                  The conversation is for the pod's members: an admin who is not in the pod does not read it.
                </Card>
              )}
            </section>
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <PodMembers pod={pod} inside={inside} viewerId={viewer.id} />
          </div>
        </div>
      ) : (
        <Card className="p-6 text-ink-muted">
          The members, goals, meetings and conversation of a pod are for the people in it. Ask to join and its mentor
          will answer.
        </Card>
      )}
    </div>
  );
}
