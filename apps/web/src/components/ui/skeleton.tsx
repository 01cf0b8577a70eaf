import { cn } from '../../lib/cn.ts';

/**
 * A grey placeholder the size of a figure that is still loading: a zero in its place would be read as
 * the figure. Hidden from screen readers: the region that holds it says it is busy (aria-busy).
 */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-moon-200', className)} />;
}
