/**
 * Calendar days as the server sends them: plain dates (YYYY-MM-DD) of her own days. They are read and
 * written in UTC here so that the browser's own zone never shifts a day.
 */
const at = (date: string) => new Date(`${date}T12:00:00Z`);

export function addDays(date: string, days: number): string {
  const next = at(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The month (YYYY-MM) `months` away. */
export function shiftMonth(month: string, months: number): string {
  const date = at(`${month}-01`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 7);
}

/** The month's days in weeks from Sunday, each with a key; a null date pads the first and last week. */
export function monthDays(month: string): Array<{ key: string; date: string | null }> {
  const first = at(`${month}-01`);
  const cells: Array<{ key: string; date: string | null }> = [];
  for (let i = 0; i < first.getUTCDay(); i++) cells.push({ key: `before-${i}`, date: null });
  for (let date = `${month}-01`; date.startsWith(month); date = addDays(date, 1)) cells.push({ key: date, date });
  while (cells.length % 7 !== 0) cells.push({ key: `after-${cells.length}`, date: null });
  return cells;
}

export const monthTitle = (month: string) =>
  at(`${month}-01`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "Thursday, November 12, 2026": a journal day heading. */
export const dayTitle = (date: string) =>
  at(date).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** "3 rituals on November 12", "No rituals on November 3". */
export function dayCountLabel(count: number, date: string): string {
  const day = at(date).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' });
  if (count === 0) return `No rituals on ${day}`;
  return `${count} ${count === 1 ? 'ritual' : 'rituals'} on ${day}`;
}
