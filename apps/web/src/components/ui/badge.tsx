import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const TONES = {
  gold: 'bg-gold-300/40 text-gold-700 ring-gold-400/50',
  rose: 'bg-rose-300/30 text-rose-700 ring-rose-300',
  night: 'bg-night-800 text-moon-50 ring-night-700',
  // gold-400 keeps its value in the dark theme (gold-300 darkens there), so night-950 stays readable on it.
  bright: 'bg-gold-400 text-night-950 ring-gold-400',
  muted: 'bg-moon-100 text-ink-muted ring-line',
} as const;

export function Badge({
  tone = 'muted',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 [overflow-wrap:anywhere]',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
