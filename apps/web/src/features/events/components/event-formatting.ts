import type { CircleEvent } from '@lunara/shared/circles';

const day = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** "Saturday, June 1, 2030" and "6:00 PM – 7:30 PM", in the member's time zone. */
export const fullDate = (event: CircleEvent) => day.format(new Date(event.eventDate));
export const timeRange = (event: CircleEvent) =>
  `${time.format(new Date(event.eventDate))} – ${time.format(new Date(event.endDate))}`;

export const durationLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
