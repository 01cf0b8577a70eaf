/** Why points were awarded; every ledger row carries one. */
export const POINT_REASONS = [
  'post',
  'comment',
  'like_received',
  'like_removed',
  'lesson',
  'ritual',
  'daily_login',
  'weekly_bonus',
  /** Deleted content takes back what it paid (decision 016). */
  'reversal',
] as const;
export type PointReason = (typeof POINT_REASONS)[number];

/** The values the spec displays in "How to Earn Points", which the server also pays. */
export const POINTS = {
  post: 10,
  comment: 5,
  likeReceived: 2,
  lesson: 20,
  ritual: 15,
  dailyLogin: 1,
  weeklyBonus: 50,
} as const;

/**
 * A member's own rituals pay for this many completions a day; past it they still count for progress and
 * the streak but pay nothing, so that creating rituals to complete cannot farm points (decision 016).
 */
export const OWN_RITUALS_PAID_PER_DAY = 3;

export const LEVEL_TITLES = [
  'Awakening Soul',
  'Rising Goddess',
  'Sacred Sister',
  'Divine Seeker',
  'Empowered Queen',
  'Wise Priestess',
  'Celestial Guide',
  'Cosmic Goddess',
  'Ascended Master',
  'Divine Creator',
] as const;

/** Points needed to reach level n (index n - 1). One table for the server and the browser. */
export const LEVEL_THRESHOLDS = [0, 50, 150, 300, 500, 800, 1200, 1700, 2400, 3300] as const;

export function levelForPoints(points: number): number {
  let level = 1;
  for (const [index, threshold] of LEVEL_THRESHOLDS.entries()) {
    if (points >= threshold) level = index + 1;
  }
  return level;
}

/** Levels above 10 use the last title (spec). */
export function levelTitle(level: number): string {
  const index = Math.min(Math.max(level, 1), LEVEL_TITLES.length) - 1;
  return LEVEL_TITLES[index] ?? LEVEL_TITLES[0];
}

export const BADGES = {
  welcome: { emoji: '🌸', label: 'Welcome', color: 'pink' },
  first_post: { emoji: '✍️', label: 'First Post', color: 'blue' },
  supportive: { emoji: '💝', label: 'Supportive Sister', color: 'rose' },
  consistent: { emoji: '🔥', label: 'Consistent', color: 'orange' },
  popular: { emoji: '⭐', label: 'Popular', color: 'amber' },
} as const;
export type BadgeKey = keyof typeof BADGES;
export const UNKNOWN_BADGE = { emoji: '🏆', label: 'Achievement', color: 'gold' } as const;
