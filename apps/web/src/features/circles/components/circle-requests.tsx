import type { CircleRequest } from '@lunara/shared/circles';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useCircleRequests, useDecideRequest } from '../api/circles.ts';

/**
 * Pending join requests with Approve and Decline. A moderator's (or host's) own request is decided by
 * someone else (the server refuses it, decision 016), so it shows no buttons to her. `showCircle`: the
 * circle's name beside each (the list of every circle's requests).
 */
export function CircleRequestList({
  requests,
  showCircle = true,
}: {
  requests: CircleRequest[];
  showCircle?: boolean;
}) {
  const { user } = useMe();
  const decide = useDecideRequest();
  const answer = (request: CircleRequest, approve: boolean) =>
    decide.mutate(
      { requestId: request.id, approve },
      {
        onSuccess: () => toast.success(approve ? 'Request approved' : 'Request declined'),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <ul className="flex flex-col divide-y divide-line">
      {requests.map((request) => (
        <li key={request.id} className="flex flex-wrap items-center gap-3 py-3">
          <Avatar name={request.displayName} src={request.avatarUrl} className="size-9" />
          <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
            <span className="font-semibold">{request.displayName}</span>
            {showCircle ? (
              <>
                {' '}
                asks to join <span className="font-semibold">{request.circleName}</span>
              </>
            ) : (
              ' asks to join'
            )}
            <span className="block text-xs text-ink-muted">{relativeTime(request.requestedAt)}</span>
          </p>
          {request.userId === user?.id && user.role !== 'admin' ? (
            <p className="text-xs text-ink-muted">Your own request: another moderator or an admin decides it</p>
          ) : (
            <>
              <Button
                size="sm"
                disabled={decide.isPending}
                aria-label={`Approve ${request.displayName}`}
                onClick={() => answer(request, true)}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={decide.isPending}
                aria-label={`Decline ${request.displayName}`}
                onClick={() => answer(request, false)}
              >
                Decline
              </Button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Every circle's pending join requests, for moderators and admins (the Sacred Circles tab). */
export function CircleRequests() {
  const requests = useCircleRequests(true);
  const items = requests.data?.requests ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h3 className="text-xl text-night-900">Join requests ({items.length})</h3>
      <CircleRequestList requests={items} />
    </Card>
  );
}
