export const MOON_PHASE_KEYS = [
  'new_moon',
  'waxing_crescent',
  'first_quarter',
  'waxing_gibbous',
  'full_moon',
  'waning_gibbous',
  'last_quarter',
  'waning_crescent',
] as const;
export type MoonPhaseKey = (typeof MOON_PHASE_KEYS)[number];

export const MOODS = ['peaceful', 'energized', 'centered', 'grateful', 'empowered', 'calm', 'inspired'] as const;
export type Mood = (typeof MOODS)[number];

export const ENERGY_MIN = 1;
export const ENERGY_MAX = 5;
export const ENERGY_DEFAULT = 3;
