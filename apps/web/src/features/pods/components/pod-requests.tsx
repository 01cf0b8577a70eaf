import { Check, X } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useDecideRequest, usePodRequests } from '../api/pods.ts';

/** Requests waiting for the mentor (or an admin), oldest first, each with her note. */
export function PodRequests({ podId }: { podId: string }) {
  const requests = usePodRequests(podId, true);
  const decide = useDecideRequest();
  const items = requests.data?.requests ?? [];
  if (items.length === 0) return null;

  return (
    <Card className="flex flex-col gap-3 border-gold-400/60 p-5">
      <h2 className="text-xl text-night-900">Requests to join ({items.length})</h2>
      <ul className="flex flex-col divide-y divide-line">
        {items.map((request) => (
          <li key={request.membershipId} className="flex flex-col gap-2 py-3">
            <div className="flex min-w-0 items-center gap-3">
              <Avatar name={request.displayName} src={request.avatarUrl} className="size-9 text-sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{request.displayName}</span>
                <span className="text-xs text-ink-muted">{relativeTime(request.requestedAt)}</span>
              </span>
            </div>
            {request.note && (
              <p className="whitespace-pre-line rounded-[var(--radius-control)] bg-moon-100 p-3 text-sm [overflow-wrap:anywhere]">
                {request.note}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              {([false, true] as const).map((accept) => (
                <Button
                  key={String(accept)}
                  size="sm"
                  variant={accept ? 'primary' : 'outline'}
                  disabled={decide.isPending}
                  aria-label={`${accept ? 'Accept' : 'Decline'} ${request.displayName}`}
                  onClick={() =>
                    decide.mutate(
                      { podId, membershipId: request.membershipId, accept },
                      {
                        onSuccess: () =>
                          toast.success(accept ? `${request.displayName} joined the pod` : 'Request declined'),
                        onError: (error) => toast.error(error.message),
                      },
                    )
                  }
                >
                  {accept ? (
                    <Check className="size-4" aria-hidden="true" />
                  ) : (
                    <X className="size-4" aria-hidden="true" />
                  )}
                  {accept ? 'Accept' : 'Decline'}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
