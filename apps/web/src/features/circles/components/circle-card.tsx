import { type Circle, INSTANT_JOIN_TYPES } from '@lunara/shared/circles';
import { Check, Clock, Lock, Users } from 'lucide-react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useJoinCircle, useLeaveCircle } from '../api/circles.ts';

const TYPE_LABELS: Record<Circle['type'], string> = {
  open: 'Open',
  specialized: 'Specialized',
  course_aligned: 'Course Aligned',
  private: 'Private',
};

export function CircleCard({ circle }: { circle: Circle }) {
  const join = useJoinCircle();
  const leave = useLeaveCircle();
  const isFull = circle.memberCount >= circle.maxMembers;
  const isPrivate = circle.type === 'private';

  const submit = useSubmitOnce();

  function onJoin() {
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    join.mutate(
      { circleId: circle.id, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: (result) => {
          submit.succeeded();
          if (isPrivate) {
            toast('Private Circle', {
              description:
                "This is a private circle. You'll need an invitation to join. Your request was sent to the guides.",
            });
          } else toast.success(result.message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.message.startsWith('Already Requested')) {
            toast.error('Already Requested', { description: "You've already requested to join this circle." });
          } else if (error instanceof ApiError && error.status === 409) toast.error(error.message);
          else toast.error('Failed to join circle. Please try again.');
        },
      },
    );
  }

  return (
    <article
      aria-labelledby={`circle-${circle.id}`}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
    >
      <div className="flex items-center justify-between gap-2">
        <Badge tone={isPrivate ? 'night' : 'rose'}>
          {isPrivate && <Lock className="size-3" aria-hidden="true" />} {TYPE_LABELS[circle.type]}
        </Badge>
        <span className="inline-flex items-center gap-1 text-xs font-medium text-ink-muted">
          <Users className="size-3.5" aria-hidden="true" /> {circle.memberCount}/{circle.maxMembers}
        </span>
      </div>
      <h3 id={`circle-${circle.id}`} className="text-xl text-night-900 [overflow-wrap:anywhere]">
        {circle.name}
      </h3>
      <p className="flex-1 text-sm text-ink-muted [overflow-wrap:anywhere]">{circle.description}</p>
      <p className="text-xs font-medium text-rose-700 [overflow-wrap:anywhere]">Focus: {circle.focusArea}</p>
      {circle.isMember ? (
        <div className="flex items-center justify-between gap-2">
          <Badge tone="gold">
            <Check className="size-3" aria-hidden="true" /> Member
          </Badge>
          <ConfirmButton
            label={`Leave ${circle.name}`}
            title={`Leave ${circle.name}?`}
            description={
              (INSTANT_JOIN_TYPES as readonly string[]).includes(circle.type)
                ? 'You can join again at any time while there is room.'
                : 'To come back you will need to ask again, and a guide approves it.'
            }
            confirmLabel="Leave circle"
            onConfirm={() =>
              leave.mutate(circle.id, {
                onSuccess: () => toast.success(`You left ${circle.name}`),
                onError: () => toast.error('Failed to leave the circle'),
              })
            }
          >
            Leave
          </ConfirmButton>
        </div>
      ) : circle.myStatus === 'pending' ? (
        <Badge tone="muted" className="self-start">
          <Clock className="size-3" aria-hidden="true" /> Request pending
        </Badge>
      ) : isPrivate ? (
        <Button variant="outline" disabled={join.isPending} onClick={onJoin}>
          Request Invitation
        </Button>
      ) : (
        <Button disabled={isFull || join.isPending} onClick={onJoin}>
          {isFull ? 'Circle full' : 'Join'}
        </Button>
      )}
    </article>
  );
}
