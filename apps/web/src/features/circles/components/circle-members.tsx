import type { CircleDetail, CircleMember } from '@lunara/shared/circles';
import type { Role } from '@lunara/shared/roles-constants';
import { Crown, UserMinus } from 'lucide-react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useCircleMembers, useRemoveCircleMember, useSetCircleRole } from '../api/circle-page.ts';
import { useRecheckOnRefusal } from '../api/use-live-circle.ts';

/** Host or not: admins name a circle's hosts. */
function HostToggle({ circleId, member }: { circleId: string; member: CircleMember }) {
  const setRole = useSetCircleRole();
  const isHost = member.role === 'host';
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={setRole.isPending}
      aria-label={`${isHost ? 'Remove host' : 'Make host'}: ${member.displayName}`}
      onClick={() =>
        setRole.mutate(
          { circleId, userId: member.userId, role: isHost ? 'member' : 'host' },
          {
            onSuccess: () =>
              toast.success(
                isHost ? `${member.displayName} is no longer a host` : `${member.displayName} is now a host`,
              ),
            onError: (error) => toast.error('Failed to change the role', { description: error.message }),
          },
        )
      }
    >
      {isHost ? 'Remove host' : 'Make host'}
    </Button>
  );
}

/**
 * Who is in the circle, hosts first. Its hosts, moderators and admins may remove a member (a host only
 * by an admin); admins name and unname hosts.
 */
export function CircleMembers({ circle, viewer }: { circle: CircleDetail; viewer: { id: string; role: Role } }) {
  const members = useCircleMembers(circle.id, true);
  useRecheckOnRefusal(circle.id, members.error);
  const remove = useRemoveCircleMember();
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl text-night-900">Members</h2>
        {circle.memberCount !== null && (
          <span className="text-xs text-ink-muted">
            {circle.memberCount}
            {circle.maxMembers !== null ? `/${circle.maxMembers}` : ''} members
          </span>
        )}
      </div>
      {members.isPending && <Spinner className="text-gold-500" />}
      {members.isError && <LoadError message="Failed to load the members" query={members} />}
      <ul className="flex flex-col divide-y divide-line" aria-label={`Members of ${circle.name}`}>
        {items.map((member) => {
          const isMe = member.userId === viewer.id;
          const canRemove = circle.canModerate && !isMe && (member.role !== 'host' || viewer.role === 'admin');
          return (
            <li key={member.userId} className="flex min-w-0 flex-wrap items-center gap-3 py-2.5">
              <Avatar name={member.displayName} src={member.avatarUrl} className="size-9 text-sm" />
              {/* A name keeps room for itself: on a phone the buttons wrap below it instead of squeezing it out. */}
              <span className="flex min-w-36 flex-1 flex-col">
                <span className="truncate font-medium">
                  {member.displayName}
                  {isMe && <span className="text-ink-muted"> (you)</span>}
                </span>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-muted">
                  {member.role === 'host' && (
                    <Badge tone="gold">
                      <Crown className="size-3" aria-hidden="true" /> Host
                    </Badge>
                  )}
                  Joined {relativeTime(member.joinedAt)}
                </span>
              </span>
              {(circle.canAssignHosts || canRemove) && (
                <span className="ml-auto flex items-center gap-1">
                  {circle.canAssignHosts && <HostToggle circleId={circle.id} member={member} />}
                  {canRemove && (
                    <ConfirmButton
                      label={`Remove ${member.displayName}`}
                      title={`Remove ${member.displayName} from ${circle.name}?`}
                      description="She leaves its feed, chat and events at once; what she wrote stays for the others. She can ask to join again."
                      confirmLabel="Remove"
                      onConfirm={() =>
                        remove.mutate(
                          { circleId: circle.id, userId: member.userId },
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
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={members} label="More members" />
    </Card>
  );
}
