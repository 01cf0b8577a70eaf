import { cn } from '../../lib/cn.ts';

/**
 * A progress bar: the markup Radix's Progress draws (role, values, data-state), written out. Its library
 * (about 2 kB gzip with its context helpers) was the only Radix code on the landing page's course cards.
 */
export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  // As Radix: a value that is not a number is indeterminate.
  const known = Number.isNaN(clamped) ? null : clamped;
  const state = known === null ? 'indeterminate' : known === 100 ? 'complete' : 'loading';
  const data = { 'data-state': state, 'data-value': known ?? undefined, 'data-max': 100 };
  return (
    <div
      role="progressbar"
      aria-valuemax={100}
      aria-valuemin={0}
      aria-valuenow={known ?? undefined}
      aria-valuetext={known === null ? undefined : `${Math.round(known)}%`}
      aria-label={label}
      {...data}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-moon-200', className)}
    >
      <div
        {...data}
        className="h-full rounded-full bg-gradient-to-r from-rose-500 to-gold-400 transition-transform"
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </div>
  );
}
