/** "December 21, 2026" in the member's own locale and time zone. */
export const formatLongDate = (date: Date) =>
  date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
