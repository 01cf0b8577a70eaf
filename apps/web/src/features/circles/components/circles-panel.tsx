import type { Circle } from '@lunara/shared/circles';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useCircles } from '../api/circles.ts';
import { useLiveCircles } from '../api/use-live-circles.ts';
import { CircleCard } from './circle-card.tsx';
import { CircleRequests } from './circle-requests.tsx';

const FILTERS: Array<[string, string, (circle: Circle) => boolean]> = [
  ['all', 'All Circles', () => true],
  ['mine', 'My Circles', (circle) => circle.isMember],
  ['specialized', 'Specialized', (circle) => circle.type === 'specialized'],
  ['course_aligned', 'Course Aligned', (circle) => circle.type === 'course_aligned'],
  ['private', 'Private', (circle) => circle.type === 'private'],
];

/** "Sacred Circles" with its five filters; moderators also see the pending requests. */
export function CirclesPanel({ canModerate }: { canModerate: boolean }) {
  const circles = useCircles();
  useLiveCircles();
  useErrorToast(circles.error, 'Error: Failed to load circles. Please try again.');
  const [filter, setFilter] = useState('all');
  const matches = FILTERS.find(([key]) => key === filter)?.[2] ?? (() => true);
  const items = (circles.data?.circles ?? []).filter(matches);

  return (
    <section aria-labelledby="circles-title" className="flex flex-col gap-5">
      <h2 id="circles-title" className="text-2xl text-night-900">
        Sacred Circles
      </h2>
      {canModerate && <CircleRequests />}
      <Tabs value={filter} onValueChange={setFilter}>
        <TabsList aria-label="Filter circles">
          {FILTERS.map(([key, label]) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {circles.isPending && <Spinner className="text-gold-500" />}
      {circles.isError && <LoadError message="Error: Failed to load circles. Please try again." query={circles} />}
      {circles.isSuccess && items.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          No circles found
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((circle) => (
          <CircleCard key={circle.id} circle={circle} />
        ))}
      </div>
    </section>
  );
}
