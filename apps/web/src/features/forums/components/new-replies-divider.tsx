import { useEffect, useRef } from 'react';

/** Before the first reply since her last visit; the page scrolls to it once, when it first appears. */
export function NewRepliesDivider() {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <li ref={ref} className="flex items-center gap-3" data-testid="new-replies-divider">
      <span className="h-px flex-1 bg-rose-500" aria-hidden="true" />
      <span className="text-xs font-semibold tracking-wide text-rose-700 uppercase">
        New<span className="sr-only"> replies since your last visit</span>
      </span>
      <span className="h-px flex-1 bg-rose-500" aria-hidden="true" />
    </li>
  );
}
