import { describe, expect, it } from 'vitest';
import { calendarDayIn, isValidTimeZone, zonedDayRange, zonedWeekRange } from './time-zones.ts';

describe('zoned calendar ranges', () => {
  it('gives the local day in the member’s own time zone', () => {
    const now = new Date('2026-11-21T23:30:00Z');
    expect(zonedDayRange(now, 'UTC')).toEqual({
      start: new Date('2026-11-21T00:00:00Z'),
      end: new Date('2026-11-22T00:00:00Z'),
    });
    // Already Sunday the 22nd in Tokyo (UTC+9).
    expect(zonedDayRange(now, 'Asia/Tokyo')).toEqual({
      start: new Date('2026-11-21T15:00:00Z'),
      end: new Date('2026-11-22T15:00:00Z'),
    });
    // Still the 21st in Los Angeles (UTC-8).
    expect(zonedDayRange(now, 'America/Los_Angeles').start).toEqual(new Date('2026-11-21T08:00:00Z'));
  });

  it('handles a daylight-saving change inside the day', () => {
    const range = zonedDayRange(new Date('2026-03-29T12:00:00Z'), 'Europe/Paris');
    expect(range.start).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(range.end).toEqual(new Date('2026-03-29T22:00:00Z'));
  });

  it('gives the week from Monday', () => {
    const week = zonedWeekRange(new Date('2026-11-21T12:00:00Z'), 'UTC');
    expect(week).toEqual({ start: new Date('2026-11-16T00:00:00Z'), end: new Date('2026-11-23T00:00:00Z') });
  });

  it('knows valid zone names', () => {
    expect(isValidTimeZone('Europe/Lisbon')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('calendarDayIn', () => {
  it('gives each zone its own day, however often it is asked (formatters are kept per zone)', () => {
    const instant = new Date('2026-03-01T02:30:00Z');
    for (let round = 0; round < 2; round++) {
      expect(calendarDayIn(instant, 'UTC')).toBe('2026-03-01');
      expect(calendarDayIn(instant, 'America/Los_Angeles')).toBe('2026-02-28');
      expect(calendarDayIn(instant, 'Asia/Tokyo')).toBe('2026-03-01');
    }
  });

  it('falls back to the UTC day for a zone Intl does not know', () => {
    expect(calendarDayIn(new Date('2026-03-01T23:30:00Z'), 'Not/AZone')).toBe('2026-03-01');
    expect(calendarDayIn(new Date('2026-03-01T23:30:00Z'), 'Not/AZone')).toBe('2026-03-01');
  });
});
