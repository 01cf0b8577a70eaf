import type { MoonPhaseKey } from './rituals.ts';

export interface MoonPhaseInfo {
  key: MoonPhaseKey;
  name: string;
  emoji: string;
  description: string;
  /** The energy theme, in the spec's order of phases. */
  energy: string;
  /** The card's background, from its top-left corner to its bottom-right one. */
  gradient: readonly [string, string, string];
  /**
   * The text drawn on that gradient: light on the dark phases, dark on the light ones (full and gibbous),
   * so that every colour of the card passes WCAG AA (4.5:1) against every point of its gradient.
   */
  textTone: 'light' | 'dark';
  guidance: readonly [string, string, string, string];
}

export const MOON_PHASES: readonly MoonPhaseInfo[] = [
  {
    key: 'new_moon',
    name: 'New Moon',
    emoji: '🌑',
    description:
      'The sky is dark and the cycle begins. A time to turn inward and plant the seeds of what you wish to grow.',
    energy: 'Intention & Manifestation',
    gradient: ['#0f0c1f', '#2a2350', '#51468f'],
    textTone: 'light',
    guidance: [
      'Set clear intentions for the cycle ahead',
      'Rest and listen to your inner voice',
      'Write your wishes down by candlelight',
      'Begin something new, however small',
    ],
  },
  {
    key: 'waxing_crescent',
    name: 'Waxing Crescent',
    emoji: '🌒',
    description: 'The first sliver of light returns. Your intentions are taking root and asking for your first steps.',
    energy: 'Action & Growth',
    gradient: ['#1b1633', '#3b3270', '#8a3350'],
    textTone: 'light',
    guidance: [
      'Take one small action toward each intention',
      'Gather what you need: tools, teachers, support',
      'Tend your body with nourishing food and rest',
      'Notice and celebrate early signs of growth',
    ],
  },
  {
    key: 'first_quarter',
    name: 'First Quarter',
    emoji: '🌓',
    description: 'Half in light, half in shadow. Challenges surface so that you can choose your path with courage.',
    energy: 'Decision & Courage',
    gradient: ['#2a2350', '#8a3350', '#7d5a1c'],
    textTone: 'light',
    guidance: [
      'Make the decision you have been postponing',
      'Meet obstacles as teachers, not walls',
      'Ask for help where you feel stuck',
      'Recommit to what truly matters to you',
    ],
  },
  {
    key: 'waxing_gibbous',
    name: 'Waxing Gibbous',
    emoji: '🌔',
    description: 'The moon swells toward fullness. Refine, adjust and trust the process as your efforts ripen.',
    energy: 'Refinement & Progress',
    gradient: ['#f2b8c6', '#f5efe4', '#f3d9a4'],
    textTone: 'dark',
    guidance: [
      'Review your progress with kindness',
      'Refine your plans rather than starting over',
      'Practise patience: ripening takes time',
      'Visualise your intention already complete',
    ],
  },
  {
    key: 'full_moon',
    name: 'Full Moon',
    emoji: '🌕',
    description:
      'The moon shines whole. Emotions and insights run high: celebrate, see clearly and release what weighs on you.',
    energy: 'Release & Celebration',
    gradient: ['#fbf8f3', '#f3d9a4', '#f5efe4'],
    textTone: 'dark',
    guidance: [
      'Celebrate how far you have come',
      'Release what no longer serves you',
      'Charge your crystals and water in the moonlight',
      'Share your light with your sisters',
    ],
  },
  {
    key: 'waning_gibbous',
    name: 'Waning Gibbous',
    emoji: '🌖',
    description: 'The light begins to soften. Harvest the wisdom of the cycle and share it generously.',
    energy: 'Gratitude & Sharing',
    gradient: ['#f3d9a4', '#f5efe4', '#f2b8c6'],
    textTone: 'dark',
    guidance: [
      'Write down what you are grateful for',
      'Teach or share what you have learned',
      'Thank the women who supported you',
      'Give back to your community',
    ],
  },
  {
    key: 'last_quarter',
    name: 'Last Quarter',
    emoji: '🌗',
    description: 'Half light again, now fading. A time to forgive, let go and clear space for what is next.',
    energy: 'Forgiveness & Release',
    gradient: ['#2a2350', '#51468f', '#8a3350'],
    textTone: 'light',
    guidance: [
      'Forgive yourself and others',
      'Declutter your home and your calendar',
      'Break one habit that drains you',
      'Reflect on lessons before moving on',
    ],
  },
  {
    key: 'waning_crescent',
    name: 'Waning Crescent',
    emoji: '🌘',
    description: 'The last sliver before darkness. Rest, surrender and renew before the next beginning.',
    energy: 'Rest & Renewal',
    gradient: ['#0f0c1f', '#1b1633', '#3b3270'],
    textTone: 'light',
    guidance: [
      'Slow down and rest without guilt',
      'Meditate and dream',
      'Let go of control and trust the cycle',
      'Prepare gently for the new moon',
    ],
  },
];

/** The spec's cut-offs on the fraction of the lunar cycle (0 = new moon, 0.5 = full moon). */
export function classifyMoonPhase(fraction: number): MoonPhaseKey {
  const f = ((fraction % 1) + 1) % 1;
  if (f < 0.0625 || f >= 0.9375) return 'new_moon';
  if (f < 0.1875) return 'waxing_crescent';
  if (f < 0.3125) return 'first_quarter';
  if (f < 0.4375) return 'waxing_gibbous';
  if (f < 0.5625) return 'full_moon';
  if (f < 0.6875) return 'waning_gibbous';
  if (f < 0.8125) return 'last_quarter';
  return 'waning_crescent';
}

export function moonPhaseInfo(key: MoonPhaseKey): MoonPhaseInfo {
  const info = MOON_PHASES.find((phase) => phase.key === key);
  if (!info) throw new Error(`Unknown moon phase ${key}`);
  return info;
}

export const DAILY_RITUAL_GOAL = 3;
export const OTHER_PRACTICES_MAX = 6;
export const RITUAL_POINTS = 15;
