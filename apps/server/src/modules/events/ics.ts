import { isHttpsUrl } from '@lunara/shared/urls';

interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  location: string | null;
  url: string | null;
  host: string;
  productName: string;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * RFC 5545 TEXT (section 3.3.11): backslash, semicolon and comma escaped, every line break (CRLF, LF or a
 * lone CR) written as `\n`, and every other control character dropped: a raw CR or LF would end the
 * property and let the rest of the text start one of its own.
 */
const escapeText = (text: string) =>
  text
    .replace(/\r\n?|\n/g, '\n')
    .replace(/(?!\n)\p{Cc}/gu, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');

/** A URI value is not escaped in iCalendar: one that is not a plain https address is left out. */
const safeUri = (url: string | null) => (url && isHttpsUrl(url) ? url : null);

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 section 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** For a feed: what lets her calendar app see an update (RFC 5545 sections 3.8.7.3, 3.8.7.4, 3.8.1.11). */
interface FeedFields {
  sequence: number;
  lastModified: Date;
  cancelled: boolean;
}

function eventLines(event: CalendarEvent, now: Date, feed?: FeedFields): string[] {
  const url = safeUri(event.url);
  return [
    'BEGIN:VEVENT',
    `UID:${event.id}@${event.host}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(url ? [`URL:${url}`] : []),
    ...(feed
      ? [
          `SEQUENCE:${feed.sequence}`,
          `LAST-MODIFIED:${stamp(feed.lastModified)}`,
          `STATUS:${feed.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
        ]
      : []),
    'END:VEVENT',
  ];
}

const header = (productName: string) => [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  `PRODID:-//${escapeText(productName)}//Sacred Events//EN`,
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
];

const serialize = (lines: string[]) => `${lines.map(fold).join('\r\n')}\r\n`;

/** A one-event iCalendar file with UTC times. */
export function renderIcs(event: CalendarEvent, now = new Date()): string {
  return serialize([...header(event.productName), ...eventLines(event, now), 'END:VCALENDAR']);
}

/**
 * A subscription calendar (her feed): many events, each with a stable UID (the event's id, so an update
 * replaces it), a SEQUENCE and LAST-MODIFIED that move with every edit, STATUS:CANCELLED for a cancelled
 * one, and how often to fetch it again (RFC 7986 REFRESH-INTERVAL, and Outlook's X-PUBLISHED-TTL).
 */
export function renderFeed(
  calendar: { name: string; productName: string; refreshMinutes: number },
  events: (CalendarEvent & FeedFields)[],
  now = new Date(),
): string {
  const ttl = `PT${calendar.refreshMinutes}M`;
  return serialize([
    ...header(calendar.productName),
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${ttl}`,
    `X-PUBLISHED-TTL:${ttl}`,
    ...events.flatMap((event) => eventLines(event, now, event)),
    'END:VCALENDAR',
  ]);
}
