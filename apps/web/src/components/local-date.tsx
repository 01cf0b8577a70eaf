import { useSyncExternalStore } from 'react';
import { formatLongDate } from '../lib/format-date.ts';

const subscribeToNothing = () => () => {};

/**
 * A long date in the member's own locale and time zone, on a page the server prerenders: the server
 * knows neither, so its HTML (and the hydrating first render, which must match it) leaves the text
 * out, and it appears as soon as the browser has taken over the page.
 */
export function LocalDate({ date }: { date: Date }) {
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return <time dateTime={date.toISOString()}>{inBrowser ? formatLongDate(date) : null}</time>;
}
