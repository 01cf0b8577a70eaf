import type { Discount } from '@lunara/shared/billing';
import { describe, expect, it } from 'vitest';
import { addMonths, discountEndsAtFor, periodAmountCents } from './period-amount.ts';

const percent: Discount = {
  couponId: 'c',
  code: 'MOON',
  kind: 'percent',
  value: 20,
  duration: 'once',
  durationMonths: null,
};
const start = new Date('2026-01-31T10:00:00Z');

describe('periodAmountCents', () => {
  it('charges the plan price without a discount', () => {
    expect(periodAmountCents({ amountCents: 5500, discount: null, discountEndsAt: null }, start)).toBe(5500);
  });

  it('takes a percent off while the discount lasts and the full price from its end', () => {
    const sub = { amountCents: 5500, discount: percent, discountEndsAt: addMonths(start, 1) };
    expect(periodAmountCents(sub, start)).toBe(4400);
    expect(periodAmountCents(sub, addMonths(start, 1))).toBe(5500);
  });

  it('never charges below zero for an amount off larger than the price', () => {
    const sub = {
      amountCents: 5500,
      discount: { ...percent, kind: 'amount' as const, value: 9000 },
      discountEndsAt: null,
    };
    expect(periodAmountCents(sub, start)).toBe(0);
  });
});

describe('discountEndsAtFor', () => {
  it('ends a once discount after the first period of the plan', () => {
    expect(discountEndsAtFor(percent, start, 'month')?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(discountEndsAtFor(percent, start, 'year')?.toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });

  it('ends a repeating discount after its months and never ends a forever one', () => {
    expect(
      discountEndsAtFor({ ...percent, duration: 'repeating', durationMonths: 3 }, start, 'month')?.toISOString(),
    ).toBe('2026-04-30T10:00:00.000Z');
    expect(discountEndsAtFor({ ...percent, duration: 'forever' }, start, 'month')).toBeNull();
  });
});
