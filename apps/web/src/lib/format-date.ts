import { localDateFormat } from './local-format.ts';

/** "December 21, 2026" in the member's own locale and time zone. */
export const formatLongDate = (date: Date) =>
  localDateFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(date);
