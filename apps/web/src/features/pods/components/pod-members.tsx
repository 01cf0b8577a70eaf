import type { PodDetail } from '@lunara/shared/pods';
import { UserMinus } from 'lucide-react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRemoveMember } from '../api/pods.ts';
import { placesText } from './pod-places.ts';

type Inside = NonNullable<PodDetail['inside']>;

/** Who is in the pod; the mentor or an admin may remove anyone but the mentor. */
export function PodMembers({ pod, inside, viewerId }: { pod: PodDetail; inside: Inside; viewerId: string }) {
  const remove = useRemoveMember();
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl text-night-900">Members</h2>
        <span className="text-xs text-ink-muted">{placesText(pod)}</span>
      </div>
      <ul className="flex flex-col divide-y divide-line">
        {inside.members.map((member) => (
          <li key={member.id} className="flex min-w-0 items-center gap-3 py-2">
            <Avatar name={member.displayName} src={member.avatarUrl} className="size-9 text-sm" />
            <span className="min-w-0 flex-1 truncate font-medium">
              {member.displayName}
              {member.id === viewerId && <span className="text-ink-muted"> (you)</span>}
            </span>
            {member.role === 'mentor' && <Badge tone="gold">Mentor</Badge>}
            {inside.canLead && member.role !== 'mentor' && (
              <ConfirmButton
                label={`Remove ${member.displayName}`}
                title={`Remove ${member.displayName} from the pod?`}
                description="She leaves the pod and its conversation; what was said stays for the others."
                confirmLabel="Remove"
                onConfirm={() =>
                  remove.mutate(
                    { podId: pod.id, userId: member.id },
                    {
                      onSuccess: () => toast.success(`${member.displayName} was removed`),
                      onError: (error) => toast.error('Failed to remove', { description: error.message }),
                    },
                  )
                }
              >
                <UserMinus className="size-4" aria-hidden="true" />
              </ConfirmButton>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
