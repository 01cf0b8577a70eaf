import type { Circle } from '@lunara/shared/circles';
import { Check, Clock, Lock, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
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

  function onJoin() {
    join.mutate(circle.id, {
      onSuccess: (result) => {
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
    });
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
      <h3 id={`circle-${circle.id}`} className="text-xl text-night-900">
        {circle.name}
      </h3>
      <p className="flex-1 text-sm text-ink-muted">{circle.description}</p>
      <p className="text-xs font-medium text-rose-700">Focus: {circle.focusArea}</p>
      {circle.isMember ? (
        <div className="flex items-center justify-between gap-2">
          <Badge tone="gold">
            <Check className="size-3" aria-hidden="true" /> Member
          </Badge>
          <Button
            variant="ghost"
            size="sm"
            disabled={leave.isPending}
            onClick={() => leave.mutate(circle.id, { onError: () => toast.error('Failed to leave the circle') })}
          >
            Leave
          </Button>
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
