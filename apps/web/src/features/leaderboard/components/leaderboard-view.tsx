import { formatCount } from '@lunara/shared/plural';
import { levelTitle, POINTS } from '@lunara/shared/points';
import type { LeaderboardEntry, LeaderboardPeriod } from '@lunara/shared/profiles';
import { Crown, Medal } from 'lucide-react';
import { useState } from 'react';
import { AchievementBadge } from '../../../components/achievement-badge.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';

const PERIODS: Array<[LeaderboardPeriod, string]> = [
  ['week', 'This Week'],
  ['month', 'This Month'],
  ['all', 'All Time'],
];

const EARNING_RULES: Array<[string, number, string]> = [
  ['Create a post', POINTS.post, ''],
  ['Comment on a post', POINTS.comment, ''],
  ['Receive a like', POINTS.likeReceived, ''],
  ['Complete a lesson', POINTS.lesson, ''],
  ['Daily login streak', POINTS.dailyLogin, ' per day'],
  ['Weekly streak bonus', POINTS.weeklyBonus, ''],
];

// Gold, silver and bronze: each place tells itself apart by colour and by name.
const PLACES = [
  { name: '1st place', Icon: Crown, className: 'text-gold-700 fill-gold-300' },
  { name: '2nd place', Icon: Medal, className: 'text-[#4f5866] fill-[#d5dae1]' },
  { name: '3rd place', Icon: Medal, className: 'text-[#8a4b14] fill-[#e9b27c]' },
];

function RankMark({ rank }: { rank: number }) {
  const place = PLACES[rank - 1];
  if (!place) return null;
  return (
    <span className="flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-night-900">
      <place.Icon className={cn('size-6', place.className)} aria-hidden="true" />
      {place.name}
    </span>
  );
}

function TopCard({ entry, onOpenProfile }: { entry: LeaderboardEntry; onOpenProfile: (id: string) => void }) {
  const tones = ['from-gold-300 to-gold-400', 'from-moon-200 to-moon-100', 'from-rose-300 to-moon-100'];
  return (
    <button
      type="button"
      onClick={() => onOpenProfile(entry.userId)}
      className={cn(
        'flex flex-col items-center gap-2 rounded-[var(--radius-card)] bg-gradient-to-b p-5 text-center shadow-card',
        tones[entry.rank - 1],
      )}
    >
      <RankMark rank={entry.rank} />
      <Avatar name={entry.displayName} src={entry.avatarUrl} className="size-14" />
      <span className="font-semibold [overflow-wrap:anywhere]">{entry.displayName}</span>
      <span className="text-sm text-ink-muted">{levelTitle(entry.level)}</span>
      <span className="font-display text-2xl text-night-900">{formatCount(entry.points, 'pt')}</span>
      <span className="flex flex-wrap justify-center gap-1">
        {entry.badges.slice(0, 3).map((badge) => (
          <AchievementBadge key={badge} badge={badge} compact />
        ))}
      </span>
    </button>
  );
}

/** "Sacred Sisterhood Leaderboard": the period buttons really change the ranking. */
export function LeaderboardView({ onOpenProfile }: { onOpenProfile: (userId: string) => void }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('all');
  const board = useLeaderboard(period);
  const entries = board.data?.entries ?? [];

  return (
    <section aria-labelledby="leaderboard-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="leaderboard-title" className="text-2xl text-night-900">
          Sacred Sisterhood Leaderboard
        </h2>
        <div className="flex gap-2">
          {PERIODS.map(([key, label]) => (
            <Button
              key={key}
              size="sm"
              variant={period === key ? 'primary' : 'outline'}
              aria-pressed={period === key}
              onClick={() => setPeriod(key)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      {board.isPending && <Spinner className="text-gold-500" />}
      {board.isSuccess && entries.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line p-8 text-center text-ink-muted">
          No rankings available yet. Start participating to see the leaderboard!
        </p>
      )}
      {entries.length > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {entries.slice(0, 3).map((entry) => (
            <TopCard key={entry.userId} entry={entry} onOpenProfile={onOpenProfile} />
          ))}
        </div>
      )}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[2fr_1fr]">
        {entries.length > 3 && (
          <Card className="p-4 sm:p-6">
            <h3 className="text-xl text-night-900">Community Rankings</h3>
            <ol className="mt-3 flex flex-col divide-y divide-line">
              {entries.slice(3).map((entry) => (
                <li key={entry.userId} className="flex items-center gap-3 py-3">
                  <span className="w-8 text-center font-semibold text-ink-muted">{entry.rank}</span>
                  <Avatar name={entry.displayName} src={entry.avatarUrl} className="size-9" />
                  <button
                    type="button"
                    className="min-w-0 flex-1 text-left"
                    onClick={() => onOpenProfile(entry.userId)}
                  >
                    <span className="block truncate font-medium">{entry.displayName}</span>
                    <span className="text-xs text-ink-muted">
                      Level {entry.level} · {levelTitle(entry.level)}
                    </span>
                  </button>
                  <span className="hidden gap-1 sm:flex">
                    {entry.badges.slice(0, 4).map((badge) => (
                      <AchievementBadge key={badge} badge={badge} compact />
                    ))}
                  </span>
                  <span className="font-semibold">{formatCount(entry.points, 'pt')}</span>
                </li>
              ))}
            </ol>
          </Card>
        )}
        <Card className="p-4 sm:p-6">
          <h3 className="text-xl text-night-900">How to Earn Points</h3>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {EARNING_RULES.map(([label, points, suffix]) => (
              <li key={label} className="flex justify-between gap-3">
                <span className="text-ink-muted">{label}</span>
                <span className="font-semibold text-night-900">
                  +{points}
                  {suffix}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </section>
  );
}
