import { describe, expect, it } from 'vitest';
import { addMonths } from '../plans/period-amount.ts';

describe('addMonths (a complimentary grant of months)', () => {
  it('keeps the day and the time of day', () => {
    expect(addMonths(new Date('2026-11-15T10:30:00Z'), 3).toISOString()).toBe('2027-02-15T10:30:00.000Z');
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 12).toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });

  it("ends on the month's last day when the month is shorter, never rolling into the next", () => {
    expect(addMonths(new Date('2026-11-29T08:00:00Z'), 3).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2027-12-31T23:00:00Z'), 2).toISOString()).toBe('2028-02-29T23:00:00.000Z');
    expect(addMonths(new Date('2026-08-31T12:00:00Z'), 1).toISOString()).toBe('2026-09-30T12:00:00.000Z');
  });
});
