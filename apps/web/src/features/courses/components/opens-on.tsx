import { formatLongDate } from '../../../lib/format-date.ts';

/**
 * "Opens on December 3, 2026" in her own locale and time zone. These pages are drawn in the browser
 * only (not prerendered), so the date can be formatted at once.
 */
export function OpensOn({ opensAt, prefix = 'Opens on' }: { opensAt: string; prefix?: string }) {
  const date = new Date(opensAt);
  return (
    <>
      {prefix} <time dateTime={date.toISOString()}>{formatLongDate(date)}</time>
    </>
  );
}
