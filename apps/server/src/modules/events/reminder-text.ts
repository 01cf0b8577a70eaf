import type { EventReminderKind } from '@lunara/shared/calendar';
import { zonedFormat } from '@lunara/shared/time-zones';

const clock = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(date);

/** Her calendar day of an instant, as a comparable "YYYY-MM-DD". */
const dayOf = (date: Date, timeZone: string) => zonedFormat('calendarDay', timeZone).format(date);

/** "today", "tomorrow" or "on Saturday, June 1": the day of the start as she reads her own calendar. */
function dayWord(start: Date, now: Date, timeZone: string): string {
  const day = dayOf(start, timeZone);
  if (day === dayOf(now, timeZone)) return 'today';
  if (day === dayOf(new Date(now.getTime() + 24 * 3_600_000), timeZone)) return 'tomorrow';
  const date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  return `on ${date.format(start)}`;
}

/**
 * The reminder's line, in her time zone (named, since a circle gathers members of many): "Full Moon
 * Circle starts tomorrow at 7:00 PM (Europe/London)" or "… starts in 1 hour, at 7:00 PM (Europe/London)".
 * A run that comes late (the server was down) says the time that is really left.
 */
export function reminderMessage(
  kind: EventReminderKind,
  event: { title: string; start: Date },
  timeZone: string,
  now: Date,
): string {
  const at = `${clock(event.start, timeZone)} (${timeZone})`;
  if (kind === '24h') return `${event.title} starts ${dayWord(event.start, now, timeZone)} at ${at}`;
  const minutes = Math.max(1, Math.round((event.start.getTime() - now.getTime()) / 60_000));
  const left = minutes >= 55 ? '1 hour' : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${event.title} starts in ${left}, at ${at}`;
}

export const reminderTitle = (kind: EventReminderKind) => (kind === '24h' ? 'Event reminder' : 'Event starting soon');
