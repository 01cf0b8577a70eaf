import { describe, expect, it } from 'vitest';
import { addDays, dayCountLabel, dayTitle, monthDays, shiftMonth } from './calendar-dates.ts';

describe('calendar dates', () => {
  it('labels a day with its count, as a screen reader reads it', () => {
    expect(dayCountLabel(3, '2026-11-12')).toBe('3 rituals on November 12');
    expect(dayCountLabel(1, '2026-11-12')).toBe('1 ritual on November 12');
    expect(dayCountLabel(0, '2026-11-03')).toBe('No rituals on November 3');
    expect(dayTitle('2026-11-12')).toBe('Thursday, November 12, 2026');
  });

  it('lays a month out in weeks from Sunday and crosses month and year ends', () => {
    const november = monthDays('2026-11').map((cell) => cell.date);
    expect(november[0]).toBe('2026-11-01'); // a Sunday
    expect(november.filter(Boolean)).toHaveLength(30);
    expect(november.length % 7).toBe(0);
    expect(monthDays('2026-12').findIndex((cell) => cell.date === '2026-12-01')).toBe(2); // a Tuesday
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
