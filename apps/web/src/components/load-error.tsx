import { RotateCw } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

/** What a failed load needs to be tried again: a TanStack query (plain or infinite) fits as it is. */
interface RetryableQuery {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
}

/**
 * In place of what failed to load: the spec's message ("Failed to load posts") and a Retry button
 * that fetches it again, so that a short network drop never needs a reload of the whole page.
 */
export function LoadError({
  message,
  query,
  className,
}: {
  message: string;
  query: RetryableQuery;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3', className)}>
      <p className="[overflow-wrap:anywhere]">{message}</p>
      <Button variant="outline" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
        <RotateCw className={cn('size-4', query.isFetching && 'animate-spin')} aria-hidden="true" />
        {query.isFetching ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}
