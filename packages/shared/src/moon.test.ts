import { describe, expect, it } from 'vitest';
import { classifyMoonPhase, MOON_PHASES } from './moon.ts';

describe('classifyMoonPhase', () => {
  it.each([
    [0, 'new_moon'],
    [0.0624, 'new_moon'],
    [0.0625, 'waxing_crescent'],
    [0.1875, 'first_quarter'],
    [0.3125, 'waxing_gibbous'],
    [0.4375, 'full_moon'],
    [0.5625, 'waning_gibbous'],
    [0.6875, 'last_quarter'],
    [0.8125, 'waning_crescent'],
    [0.9374, 'waning_crescent'],
    [0.9375, 'new_moon'],
    [0.9999, 'new_moon'],
  ])('classifies %f as %s (the spec cut-offs)', (fraction, phase) => {
    expect(classifyMoonPhase(fraction)).toBe(phase);
  });

  it('has eight phases with the spec energy themes in order, four tips and three colours each', () => {
    expect(MOON_PHASES.map((phase) => phase.energy)).toEqual([
      'Intention & Manifestation',
      'Action & Growth',
      'Decision & Courage',
      'Refinement & Progress',
      'Release & Celebration',
      'Gratitude & Sharing',
      'Forgiveness & Release',
      'Rest & Renewal',
    ]);
    for (const phase of MOON_PHASES) {
      expect(phase.guidance).toHaveLength(4);
      expect(phase.gradient).toHaveLength(3);
    }
  });
});
