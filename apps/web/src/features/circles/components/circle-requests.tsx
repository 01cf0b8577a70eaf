import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useCircleRequests, useDecideRequest } from '../api/circles.ts';

/**
 * Pending join requests, for moderators and admins to approve or decline. A moderator's own request is
 * decided by someone else (the server refuses it, decision 016), so it shows no buttons to her.
 */
export function CircleRequests() {
  const { user } = useMe();
  const requests = useCircleRequests(true);
  const decide = useDecideRequest();
  const items = requests.data?.requests ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h3 className="text-xl text-night-900">Join requests ({items.length})</h3>
      <ul className="flex flex-col divide-y divide-line">
        {items.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar name={request.displayName} src={request.avatarUrl} className="size-9" />
            <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
              <span className="font-semibold">{request.displayName}</span> asks to join{' '}
              <span className="font-semibold">{request.circleName}</span>
              <span className="block text-xs text-ink-muted">{relativeTime(request.requestedAt)}</span>
            </p>
            {request.userId === user?.id && user.role !== 'admin' ? (
              <p className="text-xs text-ink-muted">Your own request: another moderator or an admin decides it</p>
            ) : (
              <>
                <Button
                  size="sm"
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate(
                      { requestId: request.id, approve: true },
                      {
                        onSuccess: () => toast.success('Request approved'),
                        onError: (error) => toast.error(error.message),
                      },
                    )
                  }
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate(
                      { requestId: request.id, approve: false },
                      {
                        onSuccess: () => toast.success('Request declined'),
                        onError: (error) => toast.error(error.message),
                      },
                    )
                  }
                >
                  Decline
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
