import type { PodSummary } from '@lunara/shared/pods';
import { Check, Clock, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { JoinRequestDialog } from './join-request-dialog.tsx';
import { isFull, placesText } from './pod-places.ts';

export function PodCard({ pod }: { pod: PodSummary }) {
  const [asking, setAsking] = useState(false);
  const full = isFull(pod);
  const inside = pod.myStatus === 'accepted';

  return (
    <article
      aria-labelledby={`pod-${pod.id}`}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone="rose">{pod.focus}</Badge>
        <span className="inline-flex items-center gap-1 text-xs font-medium text-ink-muted">
          <Users className="size-3.5" aria-hidden="true" /> {placesText(pod)}
        </span>
      </div>
      <h3 id={`pod-${pod.id}`} className="text-xl text-night-900 [overflow-wrap:anywhere]">
        <Link
          to={paths.pod.getHref(pod.id)}
          className="rounded-sm hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
        >
          {pod.name}
        </Link>
      </h3>
      <p className="line-clamp-4 flex-1 text-sm text-ink-muted [overflow-wrap:anywhere]">{pod.description}</p>
      {pod.mentor && (
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <Avatar name={pod.mentor.displayName} src={pod.mentor.avatarUrl} className="size-7 text-xs" />
          <span className="min-w-0 truncate">
            Mentor: <span className="font-semibold">{pod.mentor.displayName}</span>
          </span>
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {inside ? (
          <>
            <Badge tone="gold">
              <Check className="size-3" aria-hidden="true" /> {pod.myRole === 'mentor' ? 'Your pod (mentor)' : 'Member'}
            </Badge>
            <Button asChild size="sm">
              <Link to={paths.pod.getHref(pod.id)}>Open pod</Link>
            </Button>
          </>
        ) : pod.myStatus === 'pending' ? (
          <Badge tone="muted">
            <Clock className="size-3" aria-hidden="true" /> Request pending
          </Badge>
        ) : !pod.isOpen ? (
          <Badge tone="muted">Not taking requests</Badge>
        ) : (
          <Button disabled={full} onClick={() => setAsking(true)}>
            {full ? 'Pod full' : pod.myStatus === 'declined' ? 'Ask again' : 'Ask to join'}
          </Button>
        )}
      </div>
      {!inside && <JoinRequestDialog pod={pod} open={asking} onClose={() => setAsking(false)} />}
    </article>
  );
}
