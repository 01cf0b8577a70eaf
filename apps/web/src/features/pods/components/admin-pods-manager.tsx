import type { AdminPod } from '@lunara/shared/pods';
import { ExternalLink, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useAdminPods } from '../api/pods.ts';
import { PodForm } from './pod-form.tsx';
import { placesText } from './pod-places.ts';

/** The Admin Panel's Pods tab: every pod, to create, edit and give a mentor. */
export function AdminPodsManager() {
  const pods = useAdminPods();
  const [editing, setEditing] = useState<{ pod?: AdminPod } | null>(null);

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl text-night-900">Mentorship pods</h2>
          <p className="text-sm text-ink-muted">
            Small groups with one mentor. Capacity counts everyone, the mentor included.
          </p>
        </div>
        <Button onClick={() => setEditing({})}>
          <Plus className="size-4" aria-hidden="true" /> New pod
        </Button>
      </div>
      {pods.isPending && <Skeleton className="h-24" />}
      {pods.isError && <LoadError message="Failed to load pods" query={pods} />}
      {pods.isSuccess && pods.data.pods.length === 0 && <p className="text-sm text-ink-muted">No pods yet.</p>}
      <ul className="flex flex-col divide-y divide-line">
        {(pods.data?.pods ?? []).map((pod) => (
          <li key={pod.id} className="flex flex-wrap items-center gap-2 py-3 text-sm">
            <span className="min-w-0 flex-1 basis-48 [overflow-wrap:anywhere]">
              <span className="block font-semibold">{pod.name}</span>
              <span className="text-xs text-ink-muted">
                {pod.focus} · Mentor: {pod.mentor?.displayName ?? 'none'} · {placesText(pod)}
              </span>
            </span>
            {!pod.isOpen && <Badge>Closed</Badge>}
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.pod.getHref(pod.id)} aria-label={`Open ${pod.name}`}>
                <ExternalLink className="size-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Edit ${pod.name}`} onClick={() => setEditing({ pod })}>
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing && (
          <DialogContent title={editing.pod ? 'Edit pod' : 'New pod'}>
            <PodForm pod={editing.pod} onDone={() => setEditing(null)} />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}
