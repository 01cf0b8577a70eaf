import { describe, expect, it } from 'vitest';
import { renderFeed } from './ics.ts';
import { reminderMessage } from './reminder-text.ts';

const start = new Date('2027-06-01T18:00:00Z');
const event = { title: 'Full Moon Circle', start };

describe('the reminder text', () => {
  it('says the day and time in her time zone, named', () => {
    const dayBefore = new Date(start.getTime() - 24 * 3_600_000);
    expect(reminderMessage('24h', event, 'Europe/London', dayBefore)).toBe(
      'Full Moon Circle starts tomorrow at 7:00 PM (Europe/London)',
    );
    // 18:00 UTC is 3 AM on June 2 in Tokyo; the run was on her June 1.
    expect(reminderMessage('24h', event, 'Asia/Tokyo', dayBefore)).toBe(
      'Full Moon Circle starts tomorrow at 3:00 AM (Asia/Tokyo)',
    );
    expect(reminderMessage('24h', event, 'Asia/Tokyo', new Date(start.getTime() - 48 * 3_600_000))).toBe(
      'Full Moon Circle starts on Wednesday, June 2 at 3:00 AM (Asia/Tokyo)',
    );
    expect(reminderMessage('24h', event, 'UTC', new Date(start.getTime() - 2 * 3_600_000))).toBe(
      'Full Moon Circle starts today at 6:00 PM (UTC)',
    );
  });

  it('says the time left an hour before, or what is really left when late', () => {
    expect(reminderMessage('1h', event, 'America/New_York', new Date(start.getTime() - 59 * 60_000))).toBe(
      'Full Moon Circle starts in 1 hour, at 2:00 PM (America/New_York)',
    );
    expect(reminderMessage('1h', event, 'UTC', new Date(start.getTime() - 60_000))).toBe(
      'Full Moon Circle starts in 1 minute, at 6:00 PM (UTC)',
    );
  });
});

describe('the calendar feed file', () => {
  it('holds every event with its update fields, and how often to fetch it again', () => {
    const common = {
      description: 'Gather',
      location: 'Online',
      url: 'https://meet.example/room',
      host: 'lunara.example',
      productName: 'Lunara',
      lastModified: new Date('2027-05-01T10:00:00Z'),
    };
    const ics = renderFeed({ name: 'Lunara events', productName: 'Lunara', refreshMinutes: 60 }, [
      { ...common, id: 'a', title: 'One', start, end: start, sequence: 0, cancelled: false },
      { ...common, id: 'b', title: 'Two', start, end: start, sequence: 42, cancelled: true },
    ]);
    const lines = ics.split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        'X-WR-CALNAME:Lunara events',
        'REFRESH-INTERVAL;VALUE=DURATION:PT60M',
        'X-PUBLISHED-TTL:PT60M',
        'UID:a@lunara.example',
        'STATUS:CONFIRMED',
        'SEQUENCE:42',
        'STATUS:CANCELLED',
        'LAST-MODIFIED:20270501T100000Z',
      ]),
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
