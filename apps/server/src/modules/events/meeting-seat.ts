import { sql } from 'drizzle-orm';
import { circleEvents, eventRsvps } from '../../db/schema/circles.ts';

/**
 * Whether her RSVP (joined as `event_rsvps`) gives her the event's meeting link: going does; a maybe
 * holds no seat, so she has it only while a capped event still has room (else "maybe" would be a way
 * into a full room).
 */
export const holdsMeetingSeat = sql<boolean>`(${eventRsvps.status} = 'going'
  or (${eventRsvps.status} = 'maybe'
      and (${circleEvents.maxAttendees} is null or ${circleEvents.attendeeCount} < ${circleEvents.maxAttendees})))`;
