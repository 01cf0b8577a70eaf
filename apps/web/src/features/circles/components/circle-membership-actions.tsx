import { INSTANT_JOIN_TYPES } from '@lunara/shared/circles';
import type { CircleType } from '@lunara/shared/community';
import { Check, Clock, LogOut } from 'lucide-react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useJoinCircle, useLeaveCircle } from '../api/circles.ts';

export interface MembershipState {
  id: string;
  name: string;
  type: CircleType;
  isMember: boolean;
  myStatus: 'pending' | 'approved' | 'declined' | null;
  /** Every place is taken (unknown to an outsider of a private circle: then false). */
  isFull: boolean;
}

/**
 * Join, Request Invitation, "Request pending" or Member with Leave (asked first): the circle card's
 * and the circle page's one control. `onLeft` runs once the server has her leave.
 */
export function CircleMembershipActions({
  circle,
  onLeft,
  className,
}: {
  circle: MembershipState;
  onLeft?: () => void;
  className?: string;
}) {
  const join = useJoinCircle();
  const leave = useLeaveCircle();
  const submit = useSubmitOnce();
  const isPrivate = circle.type === 'private';

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

  if (circle.isMember) {
    return (
      <div className={className ?? 'flex items-center justify-between gap-2'}>
        <Badge tone="gold">
          <Check className="size-3" aria-hidden="true" /> Member
        </Badge>
        <ConfirmButton
          label={`Leave ${circle.name}`}
          title={`Leave ${circle.name}?`}
          description={
            (INSTANT_JOIN_TYPES as readonly string[]).includes(circle.type)
              ? 'You leave its feed, chat and events too. You can join again at any time while there is room.'
              : 'You leave its feed, chat and events too. To come back you will need to ask again, and a guide approves it.'
          }
          confirmLabel="Leave circle"
          onConfirm={() =>
            leave.mutate(circle.id, {
              onSuccess: () => {
                toast.success(`You left ${circle.name}`);
                onLeft?.();
              },
              onError: () => toast.error('Failed to leave the circle'),
            })
          }
        >
          <LogOut className="size-4" aria-hidden="true" /> Leave
        </ConfirmButton>
      </div>
    );
  }
  if (circle.myStatus === 'pending') {
    return (
      <Badge tone="muted" className="self-start">
        <Clock className="size-3" aria-hidden="true" /> Request pending
      </Badge>
    );
  }
  if (isPrivate) {
    return (
      <Button variant="outline" disabled={join.isPending} onClick={onJoin}>
        Request Invitation
      </Button>
    );
  }
  return (
    <Button disabled={circle.isFull || join.isPending} onClick={onJoin}>
      {circle.isFull ? 'Circle full' : 'Join'}
    </Button>
  );
}
