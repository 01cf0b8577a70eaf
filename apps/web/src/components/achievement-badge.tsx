import { BADGES, type BadgeKey, UNKNOWN_BADGE } from '@lunara/shared/points';
import { cn } from '../lib/cn.ts';

const COLORS: Record<string, string> = {
  pink: 'bg-rose-300/30 text-rose-700',
  blue: 'bg-night-600/10 text-night-700',
  rose: 'bg-rose-500/15 text-rose-700',
  orange: 'bg-gold-400/30 text-gold-700',
  amber: 'bg-gold-300/50 text-gold-700',
  gold: 'bg-gold-300/50 text-gold-700',
};

/** An earned badge with its emoji; unknown keys show a trophy (spec section 3). */
export function AchievementBadge({ badge, compact = false }: { badge: string; compact?: boolean }) {
  const meta = badge in BADGES ? BADGES[badge as BadgeKey] : { ...UNKNOWN_BADGE, label: badge.replaceAll('_', ' ') };
  return (
    <span
      title={meta.label}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        COLORS[meta.color] ?? COLORS.gold,
      )}
    >
      <span aria-hidden="true">{meta.emoji}</span>
      {compact ? <span className="sr-only">{meta.label}</span> : meta.label}
    </span>
  );
}
