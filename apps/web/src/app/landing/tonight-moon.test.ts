import { describe, expect, it } from 'vitest';
import { approximateCycleFraction, litPath } from './tonight-moon.tsx';

describe('tonight’s moon', () => {
  it('finds known phases within a day', () => {
    const day = 1 / 29.53;
    // Full moon 2026-11-24 14:53 UTC; new moon 2026-11-09 07:02 UTC; first quarter 2026-11-17 11:47 UTC.
    expect(Math.abs(approximateCycleFraction(new Date(Date.UTC(2026, 10, 24, 14, 53))) - 0.5)).toBeLessThan(day);
    const atNew = approximateCycleFraction(new Date(Date.UTC(2026, 10, 9, 7, 2)));
    expect(Math.min(atNew, 1 - atNew)).toBeLessThan(day);
    expect(Math.abs(approximateCycleFraction(new Date(Date.UTC(2026, 10, 17, 11, 47))) - 0.25)).toBeLessThan(day);
  });

  it('lights the right side while waxing and the left while waning', () => {
    // The limb arc runs clockwise (sweep 1, via the right) while waxing, anticlockwise while waning.
    expect(litPath(0.1)).toMatch(/^M 100 10 A 90 90 0 0 1 /);
    expect(litPath(0.9)).toMatch(/^M 100 10 A 90 90 0 0 0 /);
    // A half moon's terminator is a straight line; a full moon's is the other half of the disc.
    expect(litPath(0.25)).toContain('A 0.00 90');
    expect(litPath(0.5)).toContain('A 90.00 90');
  });
});
