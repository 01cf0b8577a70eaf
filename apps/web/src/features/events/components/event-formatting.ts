import type { CircleEvent } from '@lunara/shared/circles';
import { localDateFormat } from '../../../lib/local-format.ts';

const day = () => localDateFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const time = () => localDateFormat({ hour: 'numeric', minute: '2-digit' });

/** "Saturday, June 1, 2030" and "6:00 PM – 7:30 PM", in the member's time zone. */
export const fullDate = (event: CircleEvent) => day().format(new Date(event.eventDate));
export const timeRange = (event: CircleEvent) =>
  `${time().format(new Date(event.eventDate))} – ${time().format(new Date(event.endDate))}`;

const dayAndTime = () =>
  localDateFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
/** "Sat, Jun 1, 6:00 PM" in the member's time zone: the card's date, beside "tomorrow". */
export const dayAndTimeLabel = (event: CircleEvent) => dayAndTime().format(new Date(event.eventDate));

export const durationLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
