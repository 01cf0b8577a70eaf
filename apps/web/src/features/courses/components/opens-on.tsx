import { formatLongDate } from '../../../lib/format-date.ts';

/**
 * "Opens on December 3, 2026" in her own locale and time zone. These pages are drawn in the browser
 * only (not prerendered), so the date can be formatted at once (no need for LocalDate's hydration step).
 */
export function OpensOn({ opensAt }: { opensAt: string }) {
  const date = new Date(opensAt);
  return (
    <>
      Opens on <time dateTime={date.toISOString()}>{formatLongDate(date)}</time>
    </>
  );
}
