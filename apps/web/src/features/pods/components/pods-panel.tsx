import { POD_MAX_CAPACITY } from '@lunara/shared/pods';
import { LoadError } from '../../../components/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePods } from '../api/pods.ts';
import { useLivePods } from '../api/use-live-pods.ts';
import { PodCard } from './pod-card.tsx';

/** The Community tab "Pods": her own pods first, then the open ones she may ask to join. */
export function PodsPanel() {
  const pods = usePods();
  useLivePods();
  const all = pods.data?.pods ?? [];
  const mine = all.filter((pod) => pod.myStatus === 'accepted');
  const others = all.filter((pod) => pod.myStatus !== 'accepted');

  return (
    <section aria-labelledby="pods-title" className="flex flex-col gap-5">
      <div>
        <h2 id="pods-title" className="text-2xl text-night-900">
          Mentorship Pods
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-muted">
          Small groups of up to {POD_MAX_CAPACITY} people, the mentor included, with their own conversation, shared
          goals and meetings. Ask to join one and its mentor will answer.
        </p>
      </div>
      {pods.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      )}
      {pods.isError && <LoadError message="Failed to load pods" query={pods} />}
      {mine.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg text-night-900">Your pods</h3>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {mine.map((pod) => (
              <PodCard key={pod.id} pod={pod} />
            ))}
          </div>
        </div>
      )}
      {pods.isSuccess && (
        <div className="flex flex-col gap-3">
          {mine.length > 0 && <h3 className="text-lg text-night-900">Open pods</h3>}
          {others.length === 0 ? (
            <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
              No open pods right now. Check back soon.
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((pod) => (
                <PodCard key={pod.id} pod={pod} />
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
